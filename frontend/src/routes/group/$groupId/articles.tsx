import { createFileRoute } from '@tanstack/react-router'
import { publishedArticlesQueryOptions } from '@/features/group-content/api/list-published-articles.ts'
import { ArticlesPage } from '@/features/group-content/components/articles-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'

/** A group's published articles and the member's own drafts (the layout checks the group id). */
export const Route = createFileRoute('/group/$groupId/articles')({
  // The loader travels with the page chunk, so none of this reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchInfiniteQuery(publishedArticlesQueryOptions(params.groupId))
    await loadNamespace('group-content')
  },
  component: function ArticlesRoute() {
    const { groupId } = Route.useParams()
    return <ArticlesPage groupId={groupId} />
  },
})
