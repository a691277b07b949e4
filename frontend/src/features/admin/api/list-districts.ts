import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { DistrictsResponse } from '@/lib/api/types.ts'
import { DISTRICT_PAGE, withCursor } from './district-cache.ts'
import { adminKeys } from './keys.ts'

/** `GET /api/districts?parent=`: the divisions under `parent` (`null`: the provinces), page by page. */
export function districtChildrenQueryOptions(parent: string | null) {
  const base = `/api/districts?limit=${DISTRICT_PAGE}${parent ? `&parent=${parent}` : ''}`
  return infiniteQueryOptions({
    queryKey: [...adminKeys.districts, 'children', parent ?? ''] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<DistrictsResponse>(withCursor(base, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  })
}

export function useDistrictChildren(parent: string | null, enabled = true) {
  return useInfiniteQuery({ ...districtChildrenQueryOptions(parent), enabled })
}
