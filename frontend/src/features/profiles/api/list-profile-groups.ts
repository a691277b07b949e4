import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ProfileGroupsPage } from '@/lib/api/types.ts'
import { pageQuery, profileKeys, userPath } from './keys.ts'

/** `GET /api/users/{id}/groups`: their groups the asker may read, most recently joined first. */
function fetchPage(userId: string, cursor: string | null) {
  return api.get<ProfileGroupsPage>(`${userPath(userId)}/groups${pageQuery(cursor)}`)
}

export function useProfileGroups(userId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: profileKeys.list(userId, 'groups'),
      queryFn: ({ pageParam }) => fetchPage(userId, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  )
}
