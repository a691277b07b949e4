import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { PlazaComment, PlazaCommentsPage, ResponseBody } from '@/lib/api/types.ts'
import { plazaKeys, postApiPath, queryString } from './keys.ts'

type Created = ResponseBody<'/api/plaza/posts/{id}/comments', 'post', 201>

/** `GET /api/plaza/posts/{id}/comments`: one page, oldest first. */
export function listComments(postId: string, cursor: string | null): Promise<PlazaCommentsPage> {
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

/** `POST /api/plaza/posts/{id}/comments`: 1–500 characters. */
export async function createComment(postId: string, body: string): Promise<PlazaComment> {
  return (await api.post<Created>(`${postApiPath(postId)}/comments`, { body })).comment
}

/** `DELETE /api/plaza/comments/{id}`: the author's own, or any for an administrator. */
export function deleteComment(commentId: string): Promise<unknown> {
  return api.delete(`/api/plaza/comments/${encodeURIComponent(commentId)}`)
}
