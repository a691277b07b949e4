import { createFileRoute } from '@tanstack/react-router'
import { overviewQueryOptions } from '@/features/admin/api/get-overview.ts'
import { AdminOverviewPage } from '@/features/admin/components/overview-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/admin/')({
  // The loader travels with the page chunk, so no admin code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user?.role === 'admin') void queryClient.prefetchQuery(overviewQueryOptions())
    // The latest events are labelled in the audit log's words.
    await loadNamespace('audit')
  },
  component: AdminOverviewPage,
})
