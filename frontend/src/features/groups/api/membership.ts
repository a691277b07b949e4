import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { groupChanged, groupsChanged } from './group-cache.ts'
import { groupPath } from './keys.ts'

export type JoinBody = RequestBody<'/api/groups/{id}/join', 'post'>
export type JoinResult = ResponseBody<'/api/groups/{id}/join', 'post'>

/** The longest request message and the invite code's length (the server's rules). */
export const JOIN_MESSAGE_MAX = 500
export const INVITE_CODE_LENGTH = 8

/** `POST /api/groups/{id}/join`: joined at once, or a request waiting for a decision. */
export function joinGroup(groupId: string, body: JoinBody): Promise<JoinResult> {
  return api.post<JoinResult>(`${groupPath(groupId)}/join`, body)
}

/** `DELETE /api/groups/{id}/membership`: leave, or withdraw my pending request. */
export function leaveGroup(
  groupId: string,
): Promise<ResponseBody<'/api/groups/{id}/membership', 'delete'>> {
  return api.delete(`${groupPath(groupId)}/membership`)
}

export function useJoinGroup(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: JoinBody) => joinGroup(groupId, body),
    onSuccess: (result) => groupChanged(queryClient, result.group),
  })
}

/** Leaves the group or withdraws the request; the answer is a message, so everything refetches. */
export function useLeaveGroup(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => leaveGroup(groupId),
    onSuccess: () => groupsChanged(queryClient),
  })
}
