import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { groupKey } from './get-group.ts'
import type { ResponseBody } from './types.ts'

type ReplyVersions = ResponseBody<
  '/api/groups/{id}/articles/{articleId}/replies/{replyId}/versions',
  'get'
>

/**
 * A reply's earlier versions, under its group's key beside the article's replies (not under
 * their infinite key): dropping the group or the article drops them.
 */
export const replyVersionsKey = (groupId: string, articleId: string, replyId: string) =>
  [...groupKey(groupId), 'article', articleId, 'reply-versions', replyId] as const

/**
 * `GET /api/groups/{id}/articles/{articleId}/replies/{replyId}/versions`: the reply as it is and
 * its earlier versions, newest first (its author and the group's managers): the replies' version
 * dialog and a report case's history of edits.
 */
function listReplyVersions(groupId: string, articleId: string, replyId: string) {
  return api.get<ReplyVersions>(
    `/api/groups/${encodeURIComponent(groupId)}/articles/${encodeURIComponent(articleId)}` +
      `/replies/${encodeURIComponent(replyId)}/versions`,
  )
}

function replyVersionsQueryOptions(groupId: string, articleId: string, replyId: string) {
  return queryOptions({
    queryKey: replyVersionsKey(groupId, articleId, replyId),
    queryFn: () => listReplyVersions(groupId, articleId, replyId),
  })
}

export function useReplyVersions(groupId: string, articleId: string, replyId: string) {
  return useQuery(replyVersionsQueryOptions(groupId, articleId, replyId))
}
