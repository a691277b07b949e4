import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { adminKeys } from './keys.ts'

type DirectoryResponse = ResponseBody<'/api/admin/directory/users', 'get'>

export type DirectoryKind = 'users' | 'groups'

/**
 * `GET /api/admin/directory/{users|groups}?q=`: up to 10 users (by username or nickname) or
 * groups (by name), an exact name first.
 */
function findByNameQueryOptions(kind: DirectoryKind, text: string) {
  return queryOptions({
    queryKey: [...adminKeys.directory, kind, text] as const,
    queryFn: ({ signal }) =>
      api
        .get<DirectoryResponse>(
          `/api/admin/directory/${kind}?${new URLSearchParams({ q: text }).toString()}`,
          { signal },
        )
        .then((r) => r.items),
    staleTime: 30_000,
  })
}

export function useFindByName(kind: DirectoryKind, text: string) {
  return useQuery({ ...findByNameQueryOptions(kind, text), enabled: text.trim() !== '' })
}
