import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { groupKey, groupsKey } from '@/lib/api/groups.ts'
import type { Group, GroupSettings, ResponseBody } from '@/lib/api/types.ts'
import { groupChanged } from './group-cache.ts'
import { groupPath } from './keys.ts'

type GroupAnswer = ResponseBody<'/api/groups/{id}', 'put'>

/** The rules of a group's name and description (the server's; 2–40 and ≤ 500 characters). */
export const NAME_MIN = 2
export const NAME_MAX = 40
export const DESCRIPTION_MAX = 500

/** The image types the server accepts (judged by content there; this only filters the picker). */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

/** Each of these answers the group as it is now; the cache takes it, then everything refetches. */
function useGroupChange<Variables>(action: (variables: Variables) => Promise<GroupAnswer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (variables: Variables) => (await action(variables)).group,
    onSuccess: (group: Group) => groupChanged(queryClient, group),
  })
}

/** `PUT /api/groups/{id}`: name, description, visibility and join policy (managers). */
export function useUpdateGroup(groupId: string) {
  return useGroupChange((settings: GroupSettings) =>
    api.put<GroupAnswer>(groupPath(groupId), settings),
  )
}

/** `PUT /api/groups/{id}/cover` with the image's bytes as the body. */
export function useSetCover(groupId: string) {
  return useGroupChange((file: Blob) =>
    api.put<GroupAnswer>(`${groupPath(groupId)}/cover`, file, {
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
  )
}

/** `DELETE /api/groups/{id}/cover`. */
export function useRemoveCover(groupId: string) {
  return useGroupChange(() => api.delete<GroupAnswer>(`${groupPath(groupId)}/cover`))
}

/** `POST /api/groups/{id}/invite-code`: a new code; the old one and its links stop working. */
export function useRegenerateInviteCode(groupId: string) {
  return useGroupChange(() => api.post<GroupAnswer>(`${groupPath(groupId)}/invite-code`))
}

/**
 * `POST /api/groups/{id}/transfer` (the owner): offers the group to an active member. Nothing
 * changes hands until they accept; the answer carries the waiting `transferOffer`.
 */
export function useTransferGroup(groupId: string) {
  return useGroupChange((userId: string) =>
    api.post<GroupAnswer>(`${groupPath(groupId)}/transfer`, { userId }),
  )
}

/** `DELETE /api/groups/{id}/transfer` (the owner): withdraws the waiting offer. */
export function useCancelTransfer(groupId: string) {
  return useGroupChange(() => api.delete<GroupAnswer>(`${groupPath(groupId)}/transfer`))
}

/** `POST /api/groups/{id}/transfer/accept|decline` (the offer's recipient). */
export function useAnswerTransfer(groupId: string) {
  return useGroupChange((answer: 'accept' | 'decline') =>
    api.post<GroupAnswer>(`${groupPath(groupId)}/transfer/${answer}`),
  )
}

/**
 * `DELETE /api/groups/{id}` (the owner), with its articles, images and members. `leave` moves
 * off the group's pages first; then its queries are dropped (refetching them would only answer
 * 404) and the lists refetch.
 */
export function useDeleteGroup(groupId: string, leave: () => Promise<void>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete<ResponseBody<'/api/groups/{id}', 'delete'>>(groupPath(groupId)),
    onSuccess: async () => {
      await leave()
      queryClient.removeQueries({ queryKey: groupKey(groupId) })
      await queryClient.invalidateQueries({ queryKey: groupsKey })
    },
  })
}

/** The link that lets someone in with the group's invite code. */
export function inviteLink(groupId: string, code: string, origin = window.location.origin): string {
  return `${origin}/group/${groupId}/join?code=${encodeURIComponent(code)}`
}
