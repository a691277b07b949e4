import { createFileRoute } from '@tanstack/react-router'
import { GroupSettingsPage } from '@/features/groups/components/settings-page.tsx'

export const Route = createFileRoute('/group/$groupId/settings')({
  component: SettingsRoute,
})

function SettingsRoute() {
  const { groupId } = Route.useParams()
  return <GroupSettingsPage groupId={groupId} />
}
