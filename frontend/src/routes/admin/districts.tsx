import { createFileRoute } from '@tanstack/react-router'
import { districtChildrenQueryOptions } from '@/features/admin/api/list-districts.ts'
import { DistrictsPage } from '@/features/admin/components/districts-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/admin/districts')({
  // The loader travels with the page chunk, so no admin code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user?.role === 'admin')
      void queryClient.prefetchInfiniteQuery(districtChildrenQueryOptions(null))
    await loadNamespace('districts')
  },
  component: DistrictsPage,
})
