import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { contentKeys, nextCursor, pageQuery, repliesApiPath } from './keys.ts'

export type RepliesPage = ResponseBody<'/api/groups/{id}/articles/{articleId}/replies', 'get'>
/** A reply to an article, with the reply it quotes (or only that one's id once deleted). */
export type Reply = RepliesPage['replies'][number]

/**
 * `GET /api/groups/{id}/articles/{articleId}/replies`: one page of replies, oldest first (the
 * newest last), with the article's `replyCount` and `repliesLocked`.
 */
function listReplies(groupId: string, articleId: string, cursor: string | null) {
  return api.get<RepliesPage>(`${repliesApiPath(groupId, articleId)}${pageQuery(cursor)}`)
}

function repliesQueryOptions(groupId: string, articleId: string) {
  return infiniteQueryOptions({
    queryKey: contentKeys.replies(groupId, articleId),
    queryFn: ({ pageParam }) => listReplies(groupId, articleId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  })
}

/** Only a published article has replies: `enabled` is false for a draft. */
export function useReplies(groupId: string, articleId: string, enabled = true) {
  return useInfiniteQuery({ ...repliesQueryOptions(groupId, articleId), enabled })
}
