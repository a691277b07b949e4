import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { useMemberAction } from './group-cache.ts'
import { memberPath } from './keys.ts'

/** `DELETE …/members/{userId}`: they may join again by the group's policy. */
export function useRemoveMember(groupId: string) {
  return useMemberAction((userId: string) =>
    api.delete<ResponseBody<'/api/groups/{id}/members/{userId}', 'delete'>>(
      memberPath(groupId, userId),
    ),
  )
}
