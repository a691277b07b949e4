import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ProfileArticlesPage } from '@/lib/api/types.ts'
import { pageQuery, profileKeys, userPath } from './keys.ts'

/** `GET /api/users/{id}/articles`: their published articles the asker may read. */
function fetchPage(userId: string, cursor: string | null) {
  return api.get<ProfileArticlesPage>(`${userPath(userId)}/articles${pageQuery(cursor)}`)
}

export function useProfileArticles(userId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: profileKeys.list(userId, 'articles'),
      queryFn: ({ pageParam }) => fetchPage(userId, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  )
}
