import { createFileRoute } from '@tanstack/react-router'
import { GroupListPage } from '@/features/groups/components/group-list-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'

// The groups' messages arrive with the first group page (a lazy namespace, lib/i18n.ts).
export const Route = createFileRoute('/group/')({
  loader: () => loadNamespace('groups'),
  component: GroupListPage,
})
