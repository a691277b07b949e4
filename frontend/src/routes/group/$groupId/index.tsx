import { createFileRoute } from '@tanstack/react-router'
import { GroupHomePage } from '@/features/groups/components/group-home-page.tsx'

export const Route = createFileRoute('/group/$groupId/')({
  component: GroupHomeRoute,
})

function GroupHomeRoute() {
  const { groupId } = Route.useParams()
  return <GroupHomePage groupId={groupId} />
}
