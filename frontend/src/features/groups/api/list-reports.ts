import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ReportCasesPage, ReportCaseState } from '@/lib/api/types.ts'
import { groupKeys, groupPath, pageQuery } from './keys.ts'

/** `GET /api/groups/{id}/reports?state=`: the group's queue, oldest first (its managers). */
function groupReportsQueryOptions(groupId: string, state: ReportCaseState) {
  return infiniteQueryOptions({
    queryKey: [...groupKeys.reports(groupId), state] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<ReportCasesPage>(`${groupPath(groupId)}/reports${pageQuery(pageParam, { state })}`, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useGroupReports(groupId: string, state: ReportCaseState, enabled = true) {
  return useInfiniteQuery({ ...groupReportsQueryOptions(groupId, state), enabled })
}
