import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { repliesApiPath } from './keys.ts'
import type { Reply } from './list-replies.ts'
import { appendReply, changeThread } from './reply-cache.ts'

type NewReply = RequestBody<'/api/groups/{id}/articles/{articleId}/replies', 'post'>
type Created = ResponseBody<'/api/groups/{id}/articles/{articleId}/replies', 'post', 201>

/**
 * `POST /api/groups/{id}/articles/{articleId}/replies`: a reply (Markdown, 1–5000 characters),
 * optionally quoting another reply of the article.
 */
async function createReply(groupId: string, articleId: string, body: NewReply): Promise<Reply> {
  const answer = await api.post<Created>(repliesApiPath(groupId, articleId), body)
  return answer.reply
}

/** Replies; the new reply goes last in the loaded list and the article's count goes up. */
export function useCreateReply(groupId: string, articleId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NewReply) => createReply(groupId, articleId, body),
    onSuccess: (reply) =>
      changeThread(queryClient, groupId, articleId, { delta: 1, pages: appendReply(reply) }),
  })
}
