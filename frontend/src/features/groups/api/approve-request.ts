import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { groupsChanged } from './group-cache.ts'
import { requestPath } from './keys.ts'

type Approved = ResponseBody<'/api/groups/{id}/requests/{requestId}/approve', 'post'>
type ApproveBody = RequestBody<'/api/groups/{id}/requests/{requestId}/approve', 'post'>
export type ApprovedRole = NonNullable<ApproveBody['role']>

/**
 * `POST …/requests/{requestId}/approve` with a role (`admin` only from the owner); the group
 * and its lists refetch.
 */
export function useApproveRequest(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ requestId, role }: { requestId: string; role: ApprovedRole }) =>
      api.post<Approved>(`${requestPath(groupId, requestId)}/approve`, { role }),
    onSuccess: () => groupsChanged(queryClient),
  })
}
