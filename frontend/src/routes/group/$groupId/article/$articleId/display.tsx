import { createFileRoute, notFound } from '@tanstack/react-router'
import { ArticleDisplayPage } from '@/features/group-content/components/article-display-page.tsx'
import { loadArticlePage } from '@/features/group-content/load-article.ts'
import { isUuid } from '@/lib/uuid.ts'

/** An article, rendered. An id that is not a UUID fails the page's validation: not found. */
export const Route = createFileRoute('/group/$groupId/article/$articleId/display')({
  beforeLoad: ({ params }) => {
    if (!isUuid(params.articleId)) throw notFound()
  },
  // The loader travels with the page chunk, so none of this reaches the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient }, params }) =>
    loadArticlePage(queryClient, params.groupId, params.articleId),
  component: function ArticleDisplayRoute() {
    const { groupId, articleId } = Route.useParams()
    return <ArticleDisplayPage groupId={groupId} articleId={articleId} />
  },
})
