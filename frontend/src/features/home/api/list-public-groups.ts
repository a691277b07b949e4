import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { groupsKey } from '@/lib/api/get-group.ts'
import type { Group, ResponseBody } from '@/lib/api/types.ts'

type GroupsPage = ResponseBody<'/api/groups', 'get'>

/** How many public groups the home page shows. */
export const HOME_GROUPS = 4

/**
 * One page of group discovery is asked for: it also holds the private groups the viewer belongs
 * to, which the home page leaves out, so a few more than it shows.
 */
const ASKED = 12

/**
 * `GET /api/groups?limit=12`: group discovery, newest first. The server has no "most active"
 * order, so the home page shows the newest public groups.
 */
function fetchDiscoverGroups(): Promise<GroupsPage> {
  return api.get<GroupsPage>(`/api/groups?limit=${ASKED}`)
}

/** The newest public groups, at most `HOME_GROUPS`. */
function publicGroups(page: GroupsPage): Group[] {
  return page.groups.filter((group) => group.visibility === 'public').slice(0, HOME_GROUPS)
}

export function publicGroupsQueryOptions() {
  return queryOptions({
    // Under `groupsKey`: signing in or out and every change the groups feature makes to a group
    // (it invalidates that prefix) refetch it.
    queryKey: [...groupsKey, 'home'] as const,
    queryFn: fetchDiscoverGroups,
    select: publicGroups,
  })
}

export function usePublicGroups() {
  return useQuery(publicGroupsQueryOptions())
}
