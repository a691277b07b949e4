import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { notificationKeys } from './keys.ts'

export type InboxPage = ResponseBody<'/api/notifications', 'get'>
export type Notification = InboxPage['notifications'][number]

/** `GET /api/notifications`: one page of the inbox, newest first. */
function listNotifications(cursor: string | null): Promise<InboxPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''
  return api.get<InboxPage>(`/api/notifications${query}`)
}

export function inboxQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationKeys.inbox,
    queryFn: ({ pageParam }) => listNotifications(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page: InboxPage) => page.nextCursor ?? undefined,
  })
}

export function useInbox() {
  return useInfiniteQuery(inboxQueryOptions())
}
