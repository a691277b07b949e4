import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { groupsChanged } from './group-cache.ts'
import { groupPath } from './keys.ts'

/** `DELETE /api/groups/{id}/membership`: leave, or withdraw my pending request. */
function leaveGroup(
  groupId: string,
): Promise<ResponseBody<'/api/groups/{id}/membership', 'delete'>> {
  return api.delete(`${groupPath(groupId)}/membership`)
}

/** Leaves the group or withdraws the request; the answer is a message, so everything refetches. */
export function useLeaveGroup(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => leaveGroup(groupId),
    onSuccess: () => groupsChanged(queryClient),
  })
}
