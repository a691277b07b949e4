import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from './types.ts'

type Versions = ResponseBody<'/api/plaza/posts/{id}/versions', 'get'>

/**
 * `GET /api/plaza/posts/{id}/versions` or `GET /api/plaza/comments/{id}/versions`: every text,
 * newest first (the current one, then those edits replaced). For the author and administrators:
 * the plaza's "edited" label and a report case's history of edits. Under the plaza's
 * user-scoped `['auth', 'plaza', …]` prefix.
 */
function plazaVersionsQueryOptions(kind: 'post' | 'comment', id: string) {
  const path = `/api/plaza/${kind === 'post' ? 'posts' : 'comments'}/${encodeURIComponent(id)}`
  return queryOptions({
    queryKey: ['auth', 'plaza', 'versions', kind, id] as const,
    queryFn: async () => (await api.get<Versions>(`${path}/versions`)).versions,
  })
}

export function usePlazaVersions(kind: 'post' | 'comment', id: string) {
  return useQuery(plazaVersionsQueryOptions(kind, id))
}
