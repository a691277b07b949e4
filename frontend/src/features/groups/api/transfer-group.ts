import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { useGroupChange } from './group-cache.ts'
import { groupPath } from './keys.ts'

/**
 * `POST /api/groups/{id}/transfer` (the owner): offers the group to an active member. Nothing
 * changes hands until they accept; the answer carries the waiting `transferOffer`.
 */
export function useTransferGroup(groupId: string) {
  return useGroupChange((userId: string) =>
    api.post<ResponseBody<'/api/groups/{id}/transfer', 'post'>>(`${groupPath(groupId)}/transfer`, {
      userId,
    }),
  )
}
