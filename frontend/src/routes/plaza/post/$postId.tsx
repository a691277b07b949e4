import { createFileRoute } from '@tanstack/react-router'
import { postQueryOptions } from '@/features/plaza/api/get-post.ts'
import { commentsQueryOptions } from '@/features/plaza/api/list-comments.ts'
import { PostPage } from '@/features/plaza/components/post-page.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { isUuid } from '@/lib/uuid.ts'

/**
 * One plaza post, its permalink. The post and its comments are asked for at once, not awaited:
 * a missing post (404) or a failed request is the page's own state, not the route's error page.
 */
export const Route = createFileRoute('/plaza/post/$postId')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, params: { postId } }) => {
    if (isUuid(postId)) {
      void queryClient.prefetchQuery(postQueryOptions(postId))
      void queryClient.prefetchInfiniteQuery(commentsQueryOptions(postId))
    }
    await loadNamespace('plaza')
  },
  component: function PostRoute() {
    const { postId } = Route.useParams()
    return <PostPage postId={postId} />
  },
})
