import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { PlazaFeedPage } from '@/lib/api/types.ts'
import { NEW_POSTS_POLL_MS } from '../rules.ts'
import { plazaKeys, queryString } from './keys.ts'

/** `GET /api/plaza/posts`: one page of the feed, newest first, of one district or all. */
export function listPosts(cursor: string | null, district: string | null): Promise<PlazaFeedPage> {
  return api.get<PlazaFeedPage>(`/api/plaza/posts${queryString({ cursor, district })}`)
}

export function feedQueryOptions(district: string | null) {
  return infiniteQueryOptions({
    queryKey: plazaKeys.feed(district),
    queryFn: ({ pageParam }) => listPosts(pageParam, district),
    initialPageParam: null as string | null,
    getNextPageParam: (page: PlazaFeedPage) => page.nextCursor ?? undefined,
    // The feed changes only when the reader asks ("N new posts"), so nothing moves under them.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // An empty feed has no head to count new posts above: it asks for the feed itself instead.
    refetchInterval: (query) =>
      query.state.data && !query.state.data.pages[0]?.headCursor ? NEW_POSTS_POLL_MS : false,
  })
}

export function useFeed(district: string | null) {
  return useInfiniteQuery(feedQueryOptions(district))
}
