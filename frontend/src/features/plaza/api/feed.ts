import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { PlazaFeedPage, ResponseBody } from '@/lib/api/types.ts'
import { plazaKeys, queryString } from './keys.ts'

/** How often the "N new posts" count is asked for while the page is visible. */
export const NEW_POSTS_POLL_MS = 30_000

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

type NewCount = ResponseBody<'/api/plaza/posts/new-count', 'get'>

/** `GET /api/plaza/posts/new-count?since=`: posts written above the feed's head (at most 99). */
export function countNewPosts(since: string, district: string | null): Promise<NewCount> {
  return api.get<NewCount>(`/api/plaza/posts/new-count${queryString({ since, district })}`)
}

/**
 * The count of posts above `since`, asked every 30 s while the page is visible (TanStack pauses
 * the interval in a hidden tab and asks again when it comes back); nothing without a head.
 */
export function newCountQueryOptions(since: string | null, district: string | null) {
  return queryOptions({
    queryKey: plazaKeys.newCount(district, since),
    queryFn: () => countNewPosts(since!, district),
    enabled: since !== null,
    refetchInterval: NEW_POSTS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    select: (answer: NewCount) => answer.count,
  })
}

export function useNewPostsCount(since: string | null, district: string | null) {
  return useQuery(newCountQueryOptions(since, district))
}
