import { createFileRoute } from '@tanstack/react-router'
import { GroupReportsPage } from '@/features/groups/components/reports-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'

export const Route = createFileRoute('/group/$groupId/reports')({
  loader: () => loadNamespace('reports'),
  component: ReportsRoute,
})

function ReportsRoute() {
  const { groupId } = Route.useParams()
  return <GroupReportsPage groupId={groupId} />
}
