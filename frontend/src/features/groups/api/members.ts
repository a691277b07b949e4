import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { Member, RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { groupsChanged } from './group-cache.ts'
import { groupKeys, groupPath, pageQuery } from './keys.ts'

type MembersPage = ResponseBody<'/api/groups/{id}/members', 'get'>
type MessageAnswer = ResponseBody<'/api/groups/{id}/members/{userId}', 'delete'>
export type NewRole = RequestBody<'/api/groups/{id}/members/{userId}/role', 'put'>['role']

const memberPath = (groupId: string, userId: string) =>
  `${groupPath(groupId)}/members/${encodeURIComponent(userId)}`
const banPath = (groupId: string, userId: string) =>
  `${groupPath(groupId)}/bans/${encodeURIComponent(userId)}`

/** `GET /api/groups/{id}/members`: active members with their roles, first joined first. */
export function fetchMembers(groupId: string, cursor: string | null): Promise<MembersPage> {
  return api.get<MembersPage>(`${groupPath(groupId)}/members${pageQuery(cursor)}`)
}

/** `GET /api/groups/{id}/bans`: banned people, most recent first (managers). */
export function fetchBans(groupId: string, cursor: string | null): Promise<MembersPage> {
  return api.get<MembersPage>(`${groupPath(groupId)}/bans${pageQuery(cursor)}`)
}

export function membersQueryOptions(groupId: string) {
  return infiniteQueryOptions({
    queryKey: groupKeys.members(groupId),
    queryFn: ({ pageParam }) => fetchMembers(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function bansQueryOptions(groupId: string) {
  return infiniteQueryOptions({
    queryKey: groupKeys.bans(groupId),
    queryFn: ({ pageParam }) => fetchBans(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useMembers(groupId: string, enabled = true) {
  return useInfiniteQuery({ ...membersQueryOptions(groupId), enabled })
}

export function useBans(groupId: string, enabled = true) {
  return useInfiniteQuery({ ...bansQueryOptions(groupId), enabled })
}

/** The members of every loaded page, in order. */
export function loadedMembers(pages: readonly MembersPage[] | undefined): Member[] {
  return pages?.flatMap((page) => page.members) ?? []
}

/** A manager's action on someone; each refetches the group, its members, requests and bans. */
function useMemberAction<Variables>(action: (variables: Variables) => Promise<MessageAnswer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: action,
    onSuccess: () => groupsChanged(queryClient),
  })
}

/** `PUT …/members/{userId}/role` (the owner): promote to admin or demote to member. */
export function useSetRole(groupId: string) {
  return useMemberAction(({ userId, role }: { userId: string; role: NewRole }) =>
    api.put<MessageAnswer>(`${memberPath(groupId, userId)}/role`, { role }),
  )
}

/** `DELETE …/members/{userId}`: they may join again by the group's policy. */
export function useRemoveMember(groupId: string) {
  return useMemberAction((userId: string) => api.delete<MessageAnswer>(memberPath(groupId, userId)))
}

/** `PUT …/bans/{userId}`: they leave and cannot join or ask again until unbanned. */
export function useBanMember(groupId: string) {
  return useMemberAction((userId: string) => api.put<MessageAnswer>(banPath(groupId, userId)))
}

/** `DELETE …/bans/{userId}`: they may join again by the group's policy. */
export function useUnbanMember(groupId: string) {
  return useMemberAction((userId: string) => api.delete<MessageAnswer>(banPath(groupId, userId)))
}
