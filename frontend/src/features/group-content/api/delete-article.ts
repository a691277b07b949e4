import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { groupKey } from '@/lib/api/get-group.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { articleApiPath, contentKeys } from './keys.ts'

type Deleted = ResponseBody<'/api/groups/{id}/articles/{articleId}', 'delete'>

/** `DELETE /api/groups/{id}/articles/{articleId}`, with the images uploaded in its editor. */
function deleteArticle(groupId: string, articleId: string): Promise<Deleted> {
  return api.delete<Deleted>(articleApiPath(groupId, articleId))
}

/** Deletes; the article leaves the cache, and the lists, gallery and group home refetch. */
export function useDeleteArticle(groupId: string, articleId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => deleteArticle(groupId, articleId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: contentKeys.article(groupId, articleId) })
      void queryClient.invalidateQueries({ queryKey: groupKey(groupId) })
    },
  })
}
