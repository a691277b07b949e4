import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { useGroupChange } from './group-cache.ts'
import { groupPath } from './keys.ts'

/** `DELETE /api/groups/{id}/cover`. */
export function useRemoveCover(groupId: string) {
  return useGroupChange(() =>
    api.delete<ResponseBody<'/api/groups/{id}/cover', 'delete'>>(`${groupPath(groupId)}/cover`),
  )
}
