import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { NEW_POSTS_POLL_MS } from '../rules.ts'
import { plazaKeys, queryString } from './keys.ts'

type NewCount = ResponseBody<'/api/plaza/posts/new-count', 'get'>

/** `GET /api/plaza/posts/new-count?since=`: posts written above the feed's head (at most 99). */
function countNewPosts(since: string, district: string | null): Promise<NewCount> {
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
