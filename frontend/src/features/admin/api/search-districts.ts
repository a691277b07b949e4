import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { DistrictsResponse } from '@/lib/api/types.ts'
import { DISTRICT_PAGE, withCursor } from './district-cache.ts'
import { adminKeys } from './keys.ts'

/**
 * `GET /api/districts/search`: districts whose code starts with `q` or whose name contains it
 * (nothing for a blank `q`).
 */
export function useDistrictSearch(q: string) {
  const query = q.trim()
  const base = `/api/districts/search?limit=${DISTRICT_PAGE}&q=${encodeURIComponent(query)}`
  return useInfiniteQuery({
    queryKey: [...adminKeys.districts, 'search', query] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<DistrictsResponse>(withCursor(base, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: query !== '',
  })
}
