import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { PlazaImage, PlazaNewPost, PlazaPost, ResponseBody } from '@/lib/api/types.ts'
import { uploadFile, type UploadOptions } from '@/lib/upload.ts'
import { postApiPath } from './keys.ts'

type Created = ResponseBody<'/api/plaza/posts', 'post', 201>
type Uploaded = ResponseBody<'/api/plaza/images', 'post', 201>
type Liked = ResponseBody<'/api/plaza/posts/{id}/like', 'put'>

/**
 * `POST /api/plaza/images`: one image, the file itself as the body, with upload progress. Only
 * its owner sees it until a post takes it. The server judges it by content (413, 415, 422, 429,
 * 503 with a message to show).
 */
export async function uploadPlazaImage(
  file: Blob,
  options: UploadOptions = {},
): Promise<PlazaImage> {
  return (await uploadFile<Uploaded>('/api/plaza/images', file, options)).image
}

/** `POST /api/plaza/posts`: text, the uploaded images' ids in order, an optional district. */
export async function createPost(body: PlazaNewPost): Promise<PlazaPost> {
  return (await api.post<Created>('/api/plaza/posts', body)).post
}

export function useCreatePost() {
  return useMutation({ mutationFn: createPost })
}

/** `DELETE /api/plaza/posts/{id}`: the author's own, or any for an administrator. */
export function deletePost(postId: string): Promise<unknown> {
  return api.delete(postApiPath(postId))
}

/** `PUT` / `DELETE /api/plaza/posts/{id}/like`: idempotent; answers the new state and count. */
export function setLike(postId: string, liked: boolean): Promise<Liked> {
  const path = `${postApiPath(postId)}/like`
  return liked ? api.put<Liked>(path) : api.delete<Liked>(path)
}
