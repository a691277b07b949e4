import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { Group, ResponseBody } from '@/lib/api/types.ts'
import { groupKeys, pageQuery } from './keys.ts'

type GroupsPage = ResponseBody<'/api/groups/mine', 'get'>

/** `GET /api/groups/mine`: groups I am an active member of or asked to join, newest first. */
function fetchMyGroups(cursor: string | null): Promise<GroupsPage> {
  return api.get<GroupsPage>(`/api/groups/mine${pageQuery(cursor)}`)
}

export function myGroupsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: groupKeys.mine,
    queryFn: ({ pageParam }) => fetchMyGroups(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

/** My groups, fetched only while signed in. */
export function useMyGroups(enabled: boolean) {
  return useInfiniteQuery({ ...myGroupsQueryOptions(), enabled })
}

/** The groups of every loaded page (of either list), in order. */
export function loadedGroups(pages: readonly GroupsPage[] | undefined): Group[] {
  return pages?.flatMap((page) => page.groups) ?? []
}
