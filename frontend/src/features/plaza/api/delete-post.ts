import { api } from '@/lib/api-client.ts'
import { postApiPath, queryString } from './keys.ts'

/**
 * `DELETE /api/plaza/posts/{id}`: the author's own, or any for an administrator, who may give a
 * `reason` (at most 200 characters) that its author is told.
 */
export function deletePost(postId: string, reason?: string): Promise<unknown> {
  return api.delete(`${postApiPath(postId)}${queryString({ reason })}`)
}
