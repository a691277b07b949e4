import { createFileRoute } from '@tanstack/react-router'
import { galleryQueryOptions } from '@/features/group-content/api/list-gallery.ts'
import { GalleryPage } from '@/features/group-content/components/gallery-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'

/** A group's gallery (the layout checks the group id). */
export const Route = createFileRoute('/group/$groupId/gallery')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchInfiniteQuery(galleryQueryOptions(params.groupId))
    await loadNamespace('group-content')
  },
  component: function GalleryRoute() {
    const { groupId } = Route.useParams()
    return <GalleryPage groupId={groupId} />
  },
})
