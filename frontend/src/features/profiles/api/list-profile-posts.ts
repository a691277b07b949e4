import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { PlazaFeedPage } from '@/lib/api/types.ts'
import { pageQuery, profileKeys, userPath } from './keys.ts'

/** `GET /api/users/{id}/posts`: their plaza posts, newest first. */
function fetchPage(userId: string, cursor: string | null) {
  return api.get<PlazaFeedPage>(`${userPath(userId)}/posts${pageQuery(cursor)}`)
}

export function useProfilePosts(userId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: profileKeys.list(userId, 'posts'),
      queryFn: ({ pageParam }) => fetchPage(userId, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  )
}
