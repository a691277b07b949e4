import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { useMemberAction } from './group-cache.ts'
import { banPath } from './keys.ts'

/** `PUT …/bans/{userId}`: they leave and cannot join or ask again until unbanned. */
export function useBanMember(groupId: string) {
  return useMemberAction((userId: string) =>
    api.put<ResponseBody<'/api/groups/{id}/bans/{userId}', 'put'>>(banPath(groupId, userId)),
  )
}
