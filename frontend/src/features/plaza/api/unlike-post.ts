import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { postApiPath } from './keys.ts'

type Unliked = ResponseBody<'/api/plaza/posts/{id}/like', 'delete'>

/** `DELETE /api/plaza/posts/{id}/like`: idempotent; answers the new state and count. */
export function unlikePost(postId: string): Promise<Unliked> {
  return api.delete<Unliked>(`${postApiPath(postId)}/like`)
}
