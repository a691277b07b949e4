import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest } from '@/lib/api-client.ts'
import { replyVersionsKey } from '@/lib/api/list-reply-versions.ts'
import type { RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { repliesApiPath } from './keys.ts'
import type { Reply } from './list-replies.ts'
import { changeThread, replaceReply } from './reply-cache.ts'

type Path = '/api/groups/{id}/articles/{articleId}/replies/{replyId}'
type ReplyEdit = RequestBody<Path, 'patch'>
type Edited = ResponseBody<Path, 'patch'>
type Conflict = ResponseBody<Path, 'patch', 409>

/**
 * `PATCH /api/groups/{id}/articles/{articleId}/replies/{replyId}`: a new body for one's own reply,
 * from `version`. An edit from a version edited since is refused with 409 `edit_conflict` (see
 * {@link replyConflictOf}).
 */
async function editReply(
  groupId: string,
  articleId: string,
  replyId: string,
  edit: ReplyEdit,
): Promise<Reply> {
  const path = `${repliesApiPath(groupId, articleId)}/${encodeURIComponent(replyId)}`
  return (await apiRequest<Edited>(path, { method: 'PATCH', body: edit })).reply
}

/** The reply as it is now, when `error` is the 409 `edit_conflict` of a stale edit. */
export function replyConflictOf(error: unknown): Reply | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'edit_conflict') {
    return null
  }
  return (error.body as Partial<Conflict>).current ?? null
}

/** Edits; the reply is shown as edited in the list, and its versions are asked again. */
export function useEditReply(groupId: string, articleId: string, replyId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (edit: ReplyEdit) => editReply(groupId, articleId, replyId, edit),
    onSuccess: (edited) => {
      changeThread(queryClient, groupId, articleId, { pages: replaceReply(edited) })
      void queryClient.invalidateQueries({
        queryKey: replyVersionsKey(groupId, articleId, replyId),
      })
    },
    onError: (failure) => {
      // Another edit came first: show the reply as it is now.
      const current = replyConflictOf(failure)
      if (current) changeThread(queryClient, groupId, articleId, { pages: replaceReply(current) })
    },
  })
}
