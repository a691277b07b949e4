import { createFileRoute } from '@tanstack/react-router'
import { SettingsMenuPage } from '@/features/account/components/settings-menu-page.tsx'

export const Route = createFileRoute('/settings/menu')({
  component: SettingsMenuPage,
})
