import { createFileRoute } from '@tanstack/react-router'
import { SettingsLayout } from '@/app/settings-layout.tsx'

export const Route = createFileRoute('/settings')({
  component: SettingsLayout,
})
