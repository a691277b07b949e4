import { createFileRoute } from '@tanstack/react-router'
import { mediaQueryOptions } from '@/features/admin/api/list-media.ts'
import { NO_FILTERS } from '@/features/admin/components/gallery-model.ts'
import { GalleryPage } from '@/features/admin/components/gallery-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { sessionQueryOptions } from '@/lib/session.ts'

export const Route = createFileRoute('/admin/gallery')({
  // The loader travels with the page chunk, so no admin code reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient } }) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions())
    if (user?.role === 'admin')
      void queryClient.prefetchInfiniteQuery(mediaQueryOptions(NO_FILTERS))
    await loadNamespace('gallery')
  },
  component: GalleryPage,
})
