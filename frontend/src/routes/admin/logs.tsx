import { createFileRoute } from '@tanstack/react-router'
import { auditQueryOptions } from '@/features/admin/api/list-audit.ts'
import { NO_AUDIT_FILTERS } from '@/features/admin/components/audit-model.ts'
import { LogsPage } from '@/features/admin/components/logs-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/admin/logs')({
  // The loader travels with the page chunk, so no admin code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user?.role === 'admin')
      void queryClient.prefetchInfiniteQuery(auditQueryOptions(NO_AUDIT_FILTERS))
    await loadNamespace('audit')
  },
  component: LogsPage,
})
