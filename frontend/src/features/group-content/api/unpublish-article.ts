import { api } from '@/lib/api-client.ts'
import type { Article, ResponseBody } from '@/lib/api/types.ts'
import { articleApiPath } from './keys.ts'

type Unpublished = ResponseBody<'/api/groups/{id}/articles/{articleId}/unpublish', 'post'>

/** `POST …/unpublish`: back to a draft, seen by its author and the group's managers only. */
export async function unpublishArticle(groupId: string, articleId: string): Promise<Article> {
  const response = await api.post<Unpublished>(`${articleApiPath(groupId, articleId)}/unpublish`)
  return response.article
}
