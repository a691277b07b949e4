import { createFileRoute } from '@tanstack/react-router'
import { MembersPage } from '@/features/groups/components/members-page.tsx'

export const Route = createFileRoute('/group/$groupId/members')({
  component: MembersRoute,
})

function MembersRoute() {
  const { groupId } = Route.useParams()
  return <MembersPage groupId={groupId} />
}
