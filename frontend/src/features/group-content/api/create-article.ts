import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { Article, RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { contentKeys, groupApiPath } from './keys.ts'

type NewArticle = RequestBody<'/api/groups/{id}/articles', 'post'>
type Created = ResponseBody<'/api/groups/{id}/articles', 'post', 201>

/** `POST /api/groups/{id}/articles`: a new draft of the signed-in member. */
async function createArticle(groupId: string, article: NewArticle): Promise<Article> {
  const response = await api.post<Created>(`${groupApiPath(groupId)}/articles`, article)
  return response.article
}

/** Starts a draft; the editor it opens finds it in the cache, and the drafts list refetches. */
export function useCreateArticle(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (article: NewArticle) => createArticle(groupId, article),
    onSuccess: (article) => {
      queryClient.setQueryData(contentKeys.article(groupId, article.id), article)
      void queryClient.invalidateQueries({ queryKey: contentKeys.drafts(groupId) })
    },
  })
}
