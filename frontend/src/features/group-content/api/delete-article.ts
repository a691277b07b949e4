import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { groupKey } from '@/lib/api/get-group.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { articleApiPath, contentKeys, reasonQuery } from './keys.ts'

type Deleted = ResponseBody<'/api/groups/{id}/articles/{articleId}', 'delete'>

/**
 * `DELETE /api/groups/{id}/articles/{articleId}`, with the images uploaded in its editor; a
 * manager deleting someone else's may give a `reason` its author is told (≤ 500 characters).
 */
function deleteArticle(groupId: string, articleId: string, reason?: string): Promise<Deleted> {
  return api.delete<Deleted>(`${articleApiPath(groupId, articleId)}${reasonQuery(reason)}`)
}

/** Deletes; the article leaves the cache, and the lists, gallery and group home refetch. */
export function useDeleteArticle(groupId: string, articleId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reason?: string) => deleteArticle(groupId, articleId, reason),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: contentKeys.article(groupId, articleId) })
      void queryClient.invalidateQueries({ queryKey: groupKey(groupId) })
    },
  })
}
