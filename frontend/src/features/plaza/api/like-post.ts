import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { postApiPath } from './keys.ts'

type Liked = ResponseBody<'/api/plaza/posts/{id}/like', 'put'>

/** `PUT /api/plaza/posts/{id}/like`: idempotent; answers the new state and count. */
export function likePost(postId: string): Promise<Liked> {
  return api.put<Liked>(`${postApiPath(postId)}/like`)
}
