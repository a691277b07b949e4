import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'

type PostsPage = ResponseBody<'/api/plaza/posts', 'get'>
export type PlazaPost = PostsPage['posts'][number]

/** How many of a province's latest posts its details show. */
const LATEST_POSTS = 5

/** `GET /api/plaza/posts?district=`: the latest posts tagged with a province. */
export function useLatestPosts(code: string) {
  return useQuery({
    // Under `auth`: whether I liked a post depends on who I am (lib/session.ts refetches).
    queryKey: ['auth', 'weather', 'posts', code] as const,
    queryFn: () =>
      api.get<PostsPage>(
        `/api/plaza/posts?district=${encodeURIComponent(code)}&limit=${LATEST_POSTS}`,
      ),
  })
}
