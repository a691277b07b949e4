import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { Member, ResponseBody } from '@/lib/api/types.ts'
import { groupKeys, groupPath, pageQuery } from './keys.ts'

type MembersPage = ResponseBody<'/api/groups/{id}/members', 'get'>

/** `GET /api/groups/{id}/members`: active members with their roles, first joined first. */
function fetchMembers(groupId: string, cursor: string | null): Promise<MembersPage> {
  return api.get<MembersPage>(`${groupPath(groupId)}/members${pageQuery(cursor)}`)
}

function membersQueryOptions(groupId: string) {
  return infiniteQueryOptions({
    queryKey: groupKeys.members(groupId),
    queryFn: ({ pageParam }) => fetchMembers(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useMembers(groupId: string, enabled = true) {
  return useInfiniteQuery({ ...membersQueryOptions(groupId), enabled })
}

/** The members of every loaded page (of members or bans), in order. */
export function loadedMembers(pages: readonly MembersPage[] | undefined): Member[] {
  return pages?.flatMap((page) => page.members) ?? []
}
