import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { contentKeys, repliesApiPath } from './keys.ts'

type ReplyVersions = ResponseBody<
  '/api/groups/{id}/articles/{articleId}/replies/{replyId}/versions',
  'get'
>

/**
 * `GET /api/groups/{id}/articles/{articleId}/replies/{replyId}/versions`: the reply as it is and
 * its earlier versions, newest first (its author and the group's managers).
 */
function listReplyVersions(groupId: string, articleId: string, replyId: string) {
  return api.get<ReplyVersions>(
    `${repliesApiPath(groupId, articleId)}/${encodeURIComponent(replyId)}/versions`,
  )
}

function replyVersionsQueryOptions(groupId: string, articleId: string, replyId: string) {
  return queryOptions({
    queryKey: contentKeys.replyVersions(groupId, articleId, replyId),
    queryFn: () => listReplyVersions(groupId, articleId, replyId),
  })
}

export function useReplyVersions(groupId: string, articleId: string, replyId: string) {
  return useQuery(replyVersionsQueryOptions(groupId, articleId, replyId))
}
