import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { useGroupChange } from './group-cache.ts'
import { groupPath } from './keys.ts'

/** `DELETE /api/groups/{id}/transfer` (the owner): withdraws the waiting offer. */
export function useCancelTransfer(groupId: string) {
  return useGroupChange(() =>
    api.delete<ResponseBody<'/api/groups/{id}/transfer', 'delete'>>(
      `${groupPath(groupId)}/transfer`,
    ),
  )
}
