import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ReportCasesPage, ReportCaseState } from '@/lib/api/types.ts'
import { adminKeys } from './keys.ts'

/** `GET /api/admin/reports?state=`: the site's queue, oldest first, page by page. */
export function siteReportsQueryOptions(state: ReportCaseState) {
  return infiniteQueryOptions({
    queryKey: [...adminKeys.reports, 'list', state] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ state })
      if (pageParam) params.set('cursor', pageParam)
      return api.get<ReportCasesPage>(`/api/admin/reports?${params.toString()}`, { signal })
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  })
}

export function useSiteReports(state: ReportCaseState) {
  return useInfiniteQuery(siteReportsQueryOptions(state))
}
