import { ApiError, apiRequest } from '@/lib/api-client.ts'
import type { PlazaPost, RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { postApiPath } from './keys.ts'

type PostEdit = RequestBody<'/api/plaza/posts/{id}', 'patch'>
type Saved = ResponseBody<'/api/plaza/posts/{id}', 'patch'>
type Conflict = ResponseBody<'/api/plaza/posts/{id}', 'patch', 409>

/**
 * `PATCH /api/plaza/posts/{id}`: a new text for one's own post, from the `version` the editor
 * loaded. An edit from a version someone edited over is refused with 409 `plaza_edit_conflict`
 * (see {@link postConflictOf}).
 */
export async function editPost(postId: string, edit: PostEdit): Promise<PlazaPost> {
  return (await apiRequest<Saved>(postApiPath(postId), { method: 'PATCH', body: edit })).post
}

/** The post as it is now, when `error` is the 409 of a stale edit. */
export function postConflictOf(error: unknown): PlazaPost | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  return (error.body as Partial<Conflict>).current ?? null
}
