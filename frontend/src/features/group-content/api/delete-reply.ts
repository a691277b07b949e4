import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { reasonQuery, repliesApiPath } from './keys.ts'
import { changeThread, removeReply } from './reply-cache.ts'

type Deleted = ResponseBody<'/api/groups/{id}/articles/{articleId}/replies/{replyId}', 'delete'>

/**
 * `DELETE /api/groups/{id}/articles/{articleId}/replies/{replyId}`: its author, or a manager,
 * who may give a `reason` its author is told (≤ 500 characters; ignored for one's own).
 */
function deleteReply(
  groupId: string,
  articleId: string,
  replyId: string,
  reason?: string,
): Promise<Deleted> {
  return api.delete<Deleted>(
    `${repliesApiPath(groupId, articleId)}/${encodeURIComponent(replyId)}${reasonQuery(reason)}`,
  )
}

/** Deletes; the reply leaves the list, and the replies quoting it show it as deleted. */
export function useDeleteReply(groupId: string, articleId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ replyId, reason }: { replyId: string; reason?: string }) =>
      deleteReply(groupId, articleId, replyId, reason),
    onSuccess: (_answer, { replyId }) =>
      changeThread(queryClient, groupId, articleId, { delta: -1, pages: removeReply(replyId) }),
  })
}
