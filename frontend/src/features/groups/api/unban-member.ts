import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { useMemberAction } from './group-cache.ts'
import { banPath } from './keys.ts'

/** `DELETE …/bans/{userId}`: they may join again by the group's policy. */
export function useUnbanMember(groupId: string) {
  return useMemberAction((userId: string) =>
    api.delete<ResponseBody<'/api/groups/{id}/bans/{userId}', 'delete'>>(banPath(groupId, userId)),
  )
}
