import { api } from '@/lib/api-client.ts'
import type { GroupSettings, ResponseBody } from '@/lib/api/types.ts'
import { useGroupChange } from './group-cache.ts'
import { groupPath } from './keys.ts'

/** `PUT /api/groups/{id}`: name, description, visibility and join policy (managers). */
export function useUpdateGroup(groupId: string) {
  return useGroupChange((settings: GroupSettings) =>
    api.put<ResponseBody<'/api/groups/{id}', 'put'>>(groupPath(groupId), settings),
  )
}
