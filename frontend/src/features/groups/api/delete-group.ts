import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { groupKey, groupsKey } from '@/lib/api/get-group.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { groupPath } from './keys.ts'

/**
 * `DELETE /api/groups/{id}` (the owner), with its articles, images and members. `leave` moves
 * off the group's pages first; then its queries are dropped (refetching them would only answer
 * 404) and the lists refetch.
 */
export function useDeleteGroup(groupId: string, leave: () => Promise<void>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete<ResponseBody<'/api/groups/{id}', 'delete'>>(groupPath(groupId)),
    onSuccess: async () => {
      await leave()
      queryClient.removeQueries({ queryKey: groupKey(groupId) })
      await queryClient.invalidateQueries({ queryKey: groupsKey })
    },
  })
}
