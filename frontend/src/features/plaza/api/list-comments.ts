import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { PlazaCommentsPage } from '@/lib/api/types.ts'
import { plazaKeys, postApiPath, queryString } from './keys.ts'

/** `GET /api/plaza/posts/{id}/comments`: one page, oldest first. */
function listComments(postId: string, cursor: string | null): Promise<PlazaCommentsPage> {
  return api.get<PlazaCommentsPage>(`${postApiPath(postId)}/comments${queryString({ cursor })}`)
}

export function commentsQueryOptions(postId: string) {
  return infiniteQueryOptions({
    queryKey: plazaKeys.comments(postId),
    queryFn: ({ pageParam }) => listComments(postId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page: PlazaCommentsPage) => page.nextCursor ?? undefined,
  })
}

export function useComments(postId: string) {
  return useInfiniteQuery(commentsQueryOptions(postId))
}
