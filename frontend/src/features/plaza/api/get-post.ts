import { queryOptions, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { PlazaFeedPage, PlazaPost, ResponseBody } from '@/lib/api/types.ts'
import { isUuid } from '@/lib/uuid.ts'
import { feedPosts } from '../feed-merge.ts'
import { plazaKeys, postApiPath } from './keys.ts'

type PostAnswer = ResponseBody<'/api/plaza/posts/{id}', 'get'>

/** `GET /api/plaza/posts/{id}`: one post, with what the viewer may do (`liked`, `canDelete`). */
async function getPost(postId: string): Promise<PlazaPost> {
  return (await api.get<PostAnswer>(postApiPath(postId))).post
}

/** An id that is not a UUID is no post: it is not asked for (the page says "not found"). */
export function postQueryOptions(postId: string) {
  return queryOptions({
    queryKey: plazaKeys.post(postId),
    queryFn: () => getPost(postId),
    enabled: isUuid(postId),
  })
}

/**
 * The post of `/plaza/post/$postId`. Opened from a feed, the post the feed holds is shown at once
 * while the server is asked (placeholder data, never cached as the answer).
 */
export function usePost(postId: string) {
  const queryClient = useQueryClient()
  return useQuery({
    ...postQueryOptions(postId),
    placeholderData: () => {
      const feeds = queryClient.getQueriesData<InfiniteData<PlazaFeedPage, unknown>>({
        queryKey: [...plazaKeys.all, 'feed'],
      })
      for (const [, feed] of feeds) {
        const post = feedPosts(feed).find((known) => known.id === postId)
        if (post) return post
      }
      return undefined
    },
  })
}
