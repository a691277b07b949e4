import { createFileRoute } from '@tanstack/react-router'
import { sessionsQueryOptions } from '@/features/auth/api/list-sessions.ts'
import { SecuritySettingsPage } from '@/features/auth/components/security-settings-page.tsx'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/settings/security')({
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user) void queryClient.prefetchQuery(sessionsQueryOptions())
  },
  component: SecuritySettingsPage,
})
