import { createFileRoute, notFound } from '@tanstack/react-router'
import { ArticleEditorPage } from '@/features/group-content/components/article-editor-page.tsx'
import { loadArticlePage } from '@/features/group-content/load-article.ts'
import { isUuid } from '@/lib/uuid.ts'

/** An article's editor. An id that is not a UUID fails the page's validation: not found. */
export const Route = createFileRoute('/group/$groupId/article/$articleId/edit')({
  beforeLoad: ({ params }) => {
    if (!isUuid(params.articleId)) throw notFound()
  },
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient }, params }) =>
    loadArticlePage(queryClient, params.groupId, params.articleId),
  component: function ArticleEditRoute() {
    const { groupId, articleId } = Route.useParams()
    return <ArticleEditorPage groupId={groupId} articleId={articleId} />
  },
})
