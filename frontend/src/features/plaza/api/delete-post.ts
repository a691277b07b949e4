import { api } from '@/lib/api-client.ts'
import { postApiPath } from './keys.ts'

/** `DELETE /api/plaza/posts/{id}`: the author's own, or any for an administrator. */
export function deletePost(postId: string): Promise<unknown> {
  return api.delete(postApiPath(postId))
}
