import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { notificationKeys } from './keys.ts'

type Unread = ResponseBody<'/api/notifications/unread-count', 'get'>

/** `GET /api/notifications/unread-count`. */
function getUnreadCount(): Promise<Unread> {
  return api.get<Unread>('/api/notifications/unread-count')
}

/**
 * The unread count: asked once, then kept by the live stream's `unread` events
 * (`../live.ts`), and asked again when the tab comes back while the stream is not open.
 */
function unreadCountQueryOptions(streamOpen: boolean) {
  return queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await getUnreadCount()).unread,
    staleTime: streamOpen ? Infinity : 0,
    refetchOnWindowFocus: !streamOpen,
  })
}

export function useUnreadCount(streamOpen: boolean) {
  return useQuery(unreadCountQueryOptions(streamOpen))
}
