import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { commentApiPath, plazaKeys, postApiPath } from './keys.ts'

type Versions = ResponseBody<'/api/plaza/posts/{id}/versions', 'get'>

/**
 * `GET /api/plaza/posts/{id}/versions` or `GET /api/plaza/comments/{id}/versions`: every text,
 * newest first (the current one, then those edits replaced). For the author and administrators.
 */
function versionsQueryOptions(kind: 'post' | 'comment', id: string) {
  const path = kind === 'post' ? postApiPath(id) : commentApiPath(id)
  return queryOptions({
    queryKey: plazaKeys.versions(kind, id),
    queryFn: async () => (await api.get<Versions>(`${path}/versions`)).versions,
  })
}

export function useVersions(kind: 'post' | 'comment', id: string) {
  return useQuery(versionsQueryOptions(kind, id))
}
