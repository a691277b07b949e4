import { api } from '@/lib/api-client.ts'
import type { PlazaComment, ResponseBody } from '@/lib/api/types.ts'
import { postApiPath } from './keys.ts'

type Created = ResponseBody<'/api/plaza/posts/{id}/comments', 'post', 201>

/** `POST /api/plaza/posts/{id}/comments`: 1–500 characters. */
export async function createComment(postId: string, body: string): Promise<PlazaComment> {
  return (await api.post<Created>(`${postApiPath(postId)}/comments`, { body })).comment
}
