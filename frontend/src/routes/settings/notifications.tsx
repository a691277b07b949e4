import { createFileRoute } from '@tanstack/react-router'
import { preferencesQueryOptions } from '@/features/notifications/api/get-preferences.ts'
import { NotificationPreferencesPage } from '@/features/notifications/components/preferences-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

/** Which kinds of notification the signed-in user gets. */
export const Route = createFileRoute('/settings/notifications')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const [{ user }] = await Promise.all([
      queryClient.ensureQueryData(sessionQueryOptions()),
      loadNamespace('notifications'),
    ])
    if (user) void queryClient.prefetchQuery(preferencesQueryOptions())
  },
  component: NotificationPreferencesPage,
})
