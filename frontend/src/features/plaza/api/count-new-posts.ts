import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { useLiveEvent, useLiveStreamOpen } from '@/lib/live-events.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { NEW_POSTS_POLL_MS } from '../rules.ts'
import { plazaKeys, queryString } from './keys.ts'

type NewCount = ResponseBody<'/api/plaza/posts/new-count', 'get'>

/** `GET /api/plaza/posts/new-count?since=`: posts written above the feed's head (at most 99). */
function countNewPosts(since: string, district: string | null): Promise<NewCount> {
  return api.get<NewCount>(`/api/plaza/posts/new-count${queryString({ since, district })}`)
}

/** While the live stream is open its `plaza` events ask; polling is only the fallback then. */
const LIVE_FALLBACK_POLL_MS = 5 * 60_000

/**
 * The count of posts above `since`, asked every 30 s while the page is visible (TanStack pauses
 * the interval in a hidden tab and asks again when it comes back); nothing without a head. While
 * the live stream is open (`streamOpen`), asked on its `plaza` events and every 5 minutes.
 */
export function newCountQueryOptions(
  since: string | null,
  district: string | null,
  streamOpen = false,
) {
  return queryOptions({
    queryKey: plazaKeys.newCount(district, since),
    queryFn: () => countNewPosts(since!, district),
    enabled: since !== null,
    refetchInterval: streamOpen ? LIVE_FALLBACK_POLL_MS : NEW_POSTS_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    select: (answer: NewCount) => answer.count,
  })
}

export function useNewPostsCount(since: string | null, district: string | null) {
  const queryClient = useQueryClient()
  const ask = () =>
    void queryClient.invalidateQueries({ queryKey: plazaKeys.newCount(district, since) })
  // A post was published, or the stream (re)opened and may have missed one.
  useLiveEvent('plaza', ask)
  useLiveEvent('open', ask)
  return useQuery(newCountQueryOptions(since, district, useLiveStreamOpen()))
}
