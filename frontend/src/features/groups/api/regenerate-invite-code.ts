import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { useGroupChange } from './group-cache.ts'
import { groupPath } from './keys.ts'

/** `POST /api/groups/{id}/invite-code`: a new code; the old one and its links stop working. */
export function useRegenerateInviteCode(groupId: string) {
  return useGroupChange(() =>
    api.post<ResponseBody<'/api/groups/{id}/invite-code', 'post'>>(
      `${groupPath(groupId)}/invite-code`,
    ),
  )
}
