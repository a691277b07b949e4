import { createFileRoute } from '@tanstack/react-router'
import { inboxQueryOptions } from '@/features/notifications/api/list-notifications.ts'
import { InboxPage } from '@/features/notifications/components/inbox-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

/** The signed-in user's notifications; signed out, the way to log in. */
export const Route = createFileRoute('/notifications')({
  // The loader travels with the page chunk, so no notifications code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const [{ user }] = await Promise.all([
      queryClient.ensureQueryData(sessionQueryOptions()),
      loadNamespace('notifications'),
    ])
    if (user) await queryClient.prefetchInfiniteQuery(inboxQueryOptions())
  },
  component: InboxPage,
})
