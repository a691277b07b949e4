import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { PlazaFeedPage, PlazaPost } from '@/lib/api/types.ts'

/** How many of the plaza's newest posts the home page shows. */
export const LATEST_POSTS = 4

/** `GET /api/plaza/posts?limit=4`: the first page of the plaza's feed, all districts, newest first. */
function fetchLatestPosts(): Promise<PlazaFeedPage> {
  return api.get<PlazaFeedPage>(`/api/plaza/posts?limit=${LATEST_POSTS}`)
}

const postsOf = (page: PlazaFeedPage): PlazaPost[] => page.posts

export function latestPostsQueryOptions() {
  return queryOptions({
    // Under `auth`: a post says whether the viewer liked it, so signing in or out refetches it
    // (lib/session.ts). Not the plaza's infinite feed key: this is one short page of its own.
    queryKey: ['auth', 'home', 'posts'] as const,
    queryFn: fetchLatestPosts,
    select: postsOf,
  })
}

export function useLatestPosts() {
  return useQuery(latestPostsQueryOptions())
}
