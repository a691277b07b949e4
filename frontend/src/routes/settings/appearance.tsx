import { createFileRoute } from '@tanstack/react-router'
import { AppearanceSettingsPage } from '@/features/account/components/appearance-settings-page.tsx'

export const Route = createFileRoute('/settings/appearance')({
  component: AppearanceSettingsPage,
})
