import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { Article, ResponseBody } from '@/lib/api/types.ts'
import { articleApiPath, contentKeys } from './keys.ts'

type ArticleAnswer = ResponseBody<'/api/groups/{id}/articles/{articleId}', 'get'>

/**
 * `GET /api/groups/{id}/articles/{articleId}`: the article with its Markdown, whether the viewer
 * may edit it (`mayEdit`) and the `version` a save starts from. A draft is 404 for anyone but its
 * author and the group's managers; a private group's article 403 `members_only` for outsiders.
 */
async function getArticle(groupId: string, articleId: string): Promise<Article> {
  const response = await api.get<ArticleAnswer>(articleApiPath(groupId, articleId))
  return response.article
}

export function articleQueryOptions(groupId: string, articleId: string) {
  return queryOptions({
    queryKey: contentKeys.article(groupId, articleId),
    queryFn: () => getArticle(groupId, articleId),
  })
}

export function useArticle(groupId: string, articleId: string) {
  return useQuery(articleQueryOptions(groupId, articleId))
}
