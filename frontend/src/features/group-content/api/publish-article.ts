import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { Article, ResponseBody } from '@/lib/api/types.ts'
import { articleApiPath, contentKeys } from './keys.ts'
import { unpublishArticle } from './unpublish-article.ts'

type Published = ResponseBody<'/api/groups/{id}/articles/{articleId}/publish', 'post'>

/** `POST …/publish`: the group's readers see it from now on (its `version` moves on). */
async function publishArticle(groupId: string, articleId: string): Promise<Article> {
  const response = await api.post<Published>(`${articleApiPath(groupId, articleId)}/publish`)
  return response.article
}

/**
 * Publishes (`publish: true`) or unpublishes (with the `reason` a manager gives its author); the
 * article's cache and both lists follow.
 */
export function useSetArticlePublished(groupId: string, articleId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ publish, reason }: { publish: boolean; reason?: string }) =>
      publish ? publishArticle(groupId, articleId) : unpublishArticle(groupId, articleId, reason),
    onSuccess: (article) => {
      queryClient.setQueryData(contentKeys.article(groupId, articleId), article)
      void queryClient.invalidateQueries({ queryKey: contentKeys.published(groupId) })
      void queryClient.invalidateQueries({ queryKey: contentKeys.drafts(groupId) })
    },
  })
}
