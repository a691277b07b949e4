import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { groupsChanged } from './group-cache.ts'
import { requestPath } from './keys.ts'

type Rejected = ResponseBody<'/api/groups/{id}/requests/{requestId}/reject', 'post'>

/** `POST …/requests/{requestId}/reject` with an optional reason, kept in the history. */
export function useRejectRequest(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: string; reason: string }) =>
      api.post<Rejected>(`${requestPath(groupId, requestId)}/reject`, {
        reason: reason.trim() || null,
      }),
    onSuccess: () => groupsChanged(queryClient),
  })
}
