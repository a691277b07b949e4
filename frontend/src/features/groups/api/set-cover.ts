import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { useGroupChange } from './group-cache.ts'
import { groupPath } from './keys.ts'

/** `PUT /api/groups/{id}/cover` with the image's bytes as the body. */
export function useSetCover(groupId: string) {
  return useGroupChange((file: Blob) =>
    api.put<ResponseBody<'/api/groups/{id}/cover', 'put'>>(`${groupPath(groupId)}/cover`, file, {
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
  )
}
