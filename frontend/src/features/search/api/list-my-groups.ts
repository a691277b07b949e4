import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { groupsKey } from '@/lib/api/get-group.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { queryString } from './results.ts'

type GroupsPage = ResponseBody<'/api/groups/mine', 'get'>
type MyGroup = GroupsPage['groups'][number]

/** The server's largest page, and how many the filter reads at most (500 groups). */
const PAGE = 50
const MAX_PAGES = 10

/**
 * `GET /api/groups/mine`, every page: the groups the filter offers are those the viewer is an
 * active member of (a pending request's group is not theirs to read). Under `groupsKey`, so
 * joining or leaving a group, which invalidates it, refreshes the filter too.
 */
async function listMyGroups(): Promise<MyGroup[]> {
  const all: MyGroup[] = []
  let cursor: string | null = null
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer: GroupsPage = await api.get<GroupsPage>(
      `/api/groups/mine${queryString({ limit: String(PAGE), cursor })}`,
    )
    all.push(...answer.groups)
    cursor = answer.nextCursor
    if (!cursor) break
  }
  return all.filter((group) => group.membership?.state === 'active')
}

/** The viewer's groups, for the group filter; asked only while signed in. */
export function useMyGroups(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...groupsKey, 'search-filter'] as const,
      queryFn: listMyGroups,
      enabled,
    }),
  )
}
