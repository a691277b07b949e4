import { createFileRoute, notFound } from '@tanstack/react-router'
import { GroupLayout } from '@/features/groups/components/group-layout.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { groupQueryOptions } from '@/lib/api/get-group.ts'
import { loadNamespace } from '@/lib/i18n.ts'
import { isUuid } from '@/lib/uuid.ts'

/**
 * Every page of one group: its header and tabs around the page (`<Outlet />`). An id that is not
 * a UUID fails the page's validation, and a group the server does not know is not found either
 * (spec §2.1: both are the 404 page).
 */
export const Route = createFileRoute('/group/$groupId')({
  beforeLoad: ({ params }) => {
    if (!isUuid(params.groupId)) throw notFound()
  },
  loader: async ({ context: { queryClient }, params }) => {
    const group = queryClient
      .ensureQueryData(groupQueryOptions(params.groupId))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) throw notFound()
        throw error
      })
    await Promise.all([loadNamespace('groups'), group])
  },
  component: GroupRoute,
})

function GroupRoute() {
  const { groupId } = Route.useParams()
  return <GroupLayout groupId={groupId} />
}
