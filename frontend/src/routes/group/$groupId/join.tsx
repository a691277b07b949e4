import { createFileRoute } from '@tanstack/react-router'
import { JoinPage } from '@/features/groups/components/join-page.tsx'
import { inviteCodeValue } from '@/features/groups/invite-code.ts'

export const Route = createFileRoute('/group/$groupId/join')({
  // `?code=` (an invite link's) is the only parameter; anything else, or a code that is not
  // letters and digits, is dropped. Numbers stay text (app/router.tsx), so `2E345678` arrives
  // as written.
  validateSearch: (search: Record<string, unknown>): { code?: string } => {
    const code = inviteCodeValue(search.code)
    return code ? { code } : {}
  },
  component: JoinRoute,
})

function JoinRoute() {
  const { groupId } = Route.useParams()
  const { code } = Route.useSearch()
  return <JoinPage groupId={groupId} code={code} />
}
