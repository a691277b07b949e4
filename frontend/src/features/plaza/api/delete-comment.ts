import { api } from '@/lib/api-client.ts'
import { commentApiPath, queryString } from './keys.ts'

/**
 * `DELETE /api/plaza/comments/{id}`: the author's own, or any for an administrator, who may give
 * a `reason` its author is told.
 */
export function deleteComment(commentId: string, reason?: string): Promise<unknown> {
  return api.delete(`${commentApiPath(commentId)}${queryString({ reason })}`)
}
