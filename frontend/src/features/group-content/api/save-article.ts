import { ApiError, api } from '@/lib/api-client.ts'
import type { Article, ArticleConflict, RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { articleApiPath } from './keys.ts'

type ArticleSave = RequestBody<'/api/groups/{id}/articles/{articleId}', 'put'>
type Saved = ResponseBody<'/api/groups/{id}/articles/{articleId}', 'put'>

/**
 * `PUT /api/groups/{id}/articles/{articleId}`: title and body from `version`. A save from a
 * version someone else saved over is refused with 409 `edit_conflict` (see {@link conflictOf}).
 * Not a mutation hook: the editor's autosave (`use-autosave.ts`) orders its saves itself.
 */
export async function saveArticle(
  groupId: string,
  articleId: string,
  save: ArticleSave,
): Promise<Article> {
  const response = await api.put<Saved>(articleApiPath(groupId, articleId), save)
  return response.article
}

/** The article as it is now, when `error` is the 409 `edit_conflict` of a stale save. */
export function conflictOf(error: unknown): Article | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'edit_conflict') {
    return null
  }
  const { current } = error.body as Partial<ArticleConflict>
  return current ?? null
}
