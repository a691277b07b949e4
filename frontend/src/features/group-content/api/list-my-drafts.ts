import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { contentKeys, groupApiPath, nextCursor, pageQuery } from './keys.ts'

type DraftsPage = ResponseBody<'/api/groups/{id}/articles/drafts', 'get'>

/** `GET /api/groups/{id}/articles/drafts`: the signed-in member's drafts, last changed first. */
function listMyDrafts(groupId: string, cursor: string | null) {
  return api.get<DraftsPage>(`${groupApiPath(groupId)}/articles/drafts${pageQuery(cursor)}`)
}

function myDraftsQueryOptions(groupId: string) {
  return infiniteQueryOptions({
    queryKey: contentKeys.drafts(groupId),
    queryFn: ({ pageParam }) => listMyDrafts(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  })
}

/** Only members have drafts: `enabled` false for everyone else, so nothing is asked. */
export function useMyDrafts(groupId: string, enabled: boolean) {
  return useInfiniteQuery({ ...myDraftsQueryOptions(groupId), enabled })
}
