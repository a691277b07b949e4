import { api } from '@/lib/api-client.ts'
import type { Article, ResponseBody } from '@/lib/api/types.ts'
import { articleApiPath } from './keys.ts'

type Unpublished = ResponseBody<'/api/groups/{id}/articles/{articleId}/unpublish', 'post'>

/**
 * `POST …/unpublish`: back to a draft, seen by its author and the group's managers only. A
 * manager hiding someone else's article may say why (`?reason=`, told to its author); blank sends
 * none.
 */
export async function unpublishArticle(
  groupId: string,
  articleId: string,
  reason?: string,
): Promise<Article> {
  const query = reason?.trim() ? `?reason=${encodeURIComponent(reason.trim())}` : ''
  const response = await api.post<Unpublished>(
    `${articleApiPath(groupId, articleId)}/unpublish${query}`,
  )
  return response.article
}
