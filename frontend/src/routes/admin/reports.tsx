import { createFileRoute } from '@tanstack/react-router'
import { siteReportsQueryOptions } from '@/features/admin/api/list-reports.ts'
import { ReportsPage } from '@/features/admin/components/reports-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/admin/reports')({
  // The loader travels with the page chunk, so no admin code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user?.role === 'admin')
      void queryClient.prefetchInfiniteQuery(siteReportsQueryOptions('open'))
    await loadNamespace('reports')
  },
  component: ReportsPage,
})
