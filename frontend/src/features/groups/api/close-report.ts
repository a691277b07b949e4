import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { CloseCaseBody, ReportCaseResponse } from '@/lib/api/types.ts'
import { groupKeys, groupPath } from './keys.ts'

/** `POST /api/groups/{id}/reports/{caseId}/close`: dismiss, delete or ban. */
export function useCloseGroupReport(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ caseId, body }: { caseId: string; body: CloseCaseBody }) =>
      api.post<ReportCaseResponse>(
        `${groupPath(groupId)}/reports/${encodeURIComponent(caseId)}/close`,
        body,
      ),
    // The queue, and what the action changed (a deleted article, a ban): the whole group.
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) }),
  })
}
