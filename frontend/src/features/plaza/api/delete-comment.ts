import { api } from '@/lib/api-client.ts'

/** `DELETE /api/plaza/comments/{id}`: the author's own, or any for an administrator. */
export function deleteComment(commentId: string): Promise<unknown> {
  return api.delete(`/api/plaza/comments/${encodeURIComponent(commentId)}`)
}
