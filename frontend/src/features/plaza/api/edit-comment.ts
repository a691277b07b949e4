import { ApiError, apiRequest } from '@/lib/api-client.ts'
import type { PlazaComment, RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { commentApiPath } from './keys.ts'

type CommentEdit = RequestBody<'/api/plaza/comments/{id}', 'patch'>
type Saved = ResponseBody<'/api/plaza/comments/{id}', 'patch'>
type Conflict = ResponseBody<'/api/plaza/comments/{id}', 'patch', 409>

/**
 * `PATCH /api/plaza/comments/{id}`: a new text for one's own comment, from `version`; a stale
 * edit is 409 `plaza_edit_conflict` (see {@link commentConflictOf}).
 */
export async function editComment(commentId: string, edit: CommentEdit): Promise<PlazaComment> {
  return (await apiRequest<Saved>(commentApiPath(commentId), { method: 'PATCH', body: edit }))
    .comment
}

/** The comment as it is now, when `error` is the 409 of a stale edit. */
export function commentConflictOf(error: unknown): PlazaComment | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  return (error.body as Partial<Conflict>).current ?? null
}
