import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { repliesApiPath } from './keys.ts'
import { changeThread } from './reply-cache.ts'

type Thread = ResponseBody<'/api/groups/{id}/articles/{articleId}/replies/lock', 'put'>

/**
 * `PUT /api/groups/{id}/articles/{articleId}/replies/lock`: `locked` true takes no new replies,
 * false welcomes them again (those who may edit the article).
 */
function lockReplies(groupId: string, articleId: string, locked: boolean): Promise<Thread> {
  return api.put<Thread>(`${repliesApiPath(groupId, articleId)}/lock`, { locked })
}

export function useLockReplies(groupId: string, articleId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (locked: boolean) => lockReplies(groupId, articleId, locked),
    onSuccess: ({ replyCount, repliesLocked }) =>
      changeThread(queryClient, groupId, articleId, { thread: { replyCount, repliesLocked } }),
  })
}
