import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'
import type { OverviewResponse } from '@/lib/api/types.ts'

function getOverview(): Promise<OverviewResponse> {
  return api.get<OverviewResponse>('/api/admin/overview')
}

export function overviewQueryOptions() {
  return queryOptions({ queryKey: adminKeys.overview, queryFn: getOverview })
}

export function useOverview() {
  return useQuery(overviewQueryOptions())
}
