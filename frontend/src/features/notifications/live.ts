import { useQueryClient } from '@tanstack/react-query'
import { useLiveConnection, useLiveEvent } from '@/lib/live-events.ts'
import { notificationKeys } from './api/keys.ts'

/**
 * Holds the tab's live stream while `userId` is signed in and keeps the notifications' cache
 * with it: every `unread` event is the count, and it or a new notification makes the inbox
 * stale (read again at once when it is on screen).
 */
export function useNotificationsLive(userId: string | null): void {
  const queryClient = useQueryClient()
  useLiveConnection(userId)
  useLiveEvent('unread', (unread) => {
    queryClient.setQueryData(notificationKeys.unread, unread)
    void queryClient.invalidateQueries({ queryKey: notificationKeys.inbox })
  })
  useLiveEvent('notification', () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.inbox })
  })
}
