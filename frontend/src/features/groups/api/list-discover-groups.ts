import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { groupKeys, pageQuery } from './keys.ts'

type GroupsPage = ResponseBody<'/api/groups', 'get'>

/** `GET /api/groups?q=`: public groups (and private ones I belong to) whose name contains `q`. */
function fetchDiscoverGroups(query: string, cursor: string | null): Promise<GroupsPage> {
  return api.get<GroupsPage>(`/api/groups${pageQuery(cursor, query ? { q: query } : {})}`)
}

export function discoverGroupsQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: groupKeys.discover(query),
    queryFn: ({ pageParam }) => fetchDiscoverGroups(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

/** Public groups matching `query`; the previous results stay on screen while a new one loads. */
export function useDiscoverGroups(query: string) {
  return useInfiniteQuery({
    ...discoverGroupsQueryOptions(query),
    placeholderData: keepPreviousData,
  })
}
