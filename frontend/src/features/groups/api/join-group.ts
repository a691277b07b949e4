import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { groupChanged } from './group-cache.ts'
import { groupPath } from './keys.ts'

type JoinBody = RequestBody<'/api/groups/{id}/join', 'post'>
export type JoinResult = ResponseBody<'/api/groups/{id}/join', 'post'>

/** `POST /api/groups/{id}/join`: joined at once, or a request waiting for a decision. */
function joinGroup(groupId: string, body: JoinBody): Promise<JoinResult> {
  return api.post<JoinResult>(`${groupPath(groupId)}/join`, body)
}

export function useJoinGroup(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: JoinBody) => joinGroup(groupId, body),
    onSuccess: (result) => groupChanged(queryClient, result.group),
  })
}
