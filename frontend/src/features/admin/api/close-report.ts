import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { CloseCaseBody, ReportCaseResponse } from '@/lib/api/types.ts'
import { adminKeys } from './keys.ts'

/** `POST /api/admin/reports/{caseId}/close`: dismiss, delete, ban or disable. */
function closeReport({ caseId, body }: { caseId: string; body: CloseCaseBody }) {
  return api.post<ReportCaseResponse>(
    `/api/admin/reports/${encodeURIComponent(caseId)}/close`,
    body,
  )
}

/** Closes a case; both lists are fetched again, also after a refusal (409: already closed). */
export function useCloseReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...adminKeys.reports, 'close'],
    mutationFn: closeReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.reports, 'list'] }),
  })
}
