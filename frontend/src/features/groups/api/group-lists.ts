import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { Group, GroupSettings, ResponseBody } from '@/lib/api/types.ts'
import { groupsChanged } from './group-cache.ts'
import { groupKeys, pageQuery } from './keys.ts'

type GroupsPage = ResponseBody<'/api/groups', 'get'>

/** The longest search the server takes (`q`, 40 characters: a group name's maximum). */
export const SEARCH_MAX = 40

/** `GET /api/groups/mine`: groups I am an active member of or asked to join, newest first. */
export function fetchMyGroups(cursor: string | null): Promise<GroupsPage> {
  return api.get<GroupsPage>(`/api/groups/mine${pageQuery(cursor)}`)
}

/** `GET /api/groups?q=`: public groups (and private ones I belong to) whose name contains `q`. */
export function fetchDiscoverGroups(query: string, cursor: string | null): Promise<GroupsPage> {
  return api.get<GroupsPage>(`/api/groups${pageQuery(cursor, query ? { q: query } : {})}`)
}

export function myGroupsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: groupKeys.mine,
    queryFn: ({ pageParam }) => fetchMyGroups(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function discoverGroupsQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: groupKeys.discover(query),
    queryFn: ({ pageParam }) => fetchDiscoverGroups(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

/** My groups, fetched only while signed in. */
export function useMyGroups(enabled: boolean) {
  return useInfiniteQuery({ ...myGroupsQueryOptions(), enabled })
}

/** Public groups matching `query`; the previous results stay on screen while a new one loads. */
export function useDiscoverGroups(query: string) {
  return useInfiniteQuery({
    ...discoverGroupsQueryOptions(query),
    placeholderData: keepPreviousData,
  })
}

/** The groups of every loaded page, in order. */
export function loadedGroups(pages: readonly GroupsPage[] | undefined): Group[] {
  return pages?.flatMap((page) => page.groups) ?? []
}

export async function createGroup(settings: GroupSettings): Promise<Group> {
  const response = await api.post<ResponseBody<'/api/groups', 'post', 201>>('/api/groups', settings)
  return response.group
}

/** Creates a group (the creator is its owner); every group list is refetched. */
export function useCreateGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => groupsChanged(queryClient),
  })
}
