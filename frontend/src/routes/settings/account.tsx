import { createFileRoute } from '@tanstack/react-router'
import { AccountSettingsPage } from '@/features/account/components/account-settings-page.tsx'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/settings/account')({
  loader: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(sessionQueryOptions())
  },
  component: AccountSettingsPage,
})
