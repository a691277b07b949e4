import { api } from '@/lib/api-client.ts'
import type { PlazaNewPost, PlazaPost, ResponseBody } from '@/lib/api/types.ts'

type Created = ResponseBody<'/api/plaza/posts', 'post', 201>

/** `POST /api/plaza/posts`: text, the uploaded images' ids in order, an optional district. */
export async function createPost(body: PlazaNewPost): Promise<PlazaPost> {
  return (await api.post<Created>('/api/plaza/posts', body)).post
}
