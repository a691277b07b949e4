import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { JoinRequest, ResponseBody } from '@/lib/api/types.ts'
import { groupKeys, groupPath, pageQuery } from './keys.ts'

type RequestsPage = ResponseBody<'/api/groups/{id}/requests', 'get'>

/** `pending`: the queue; `all`: every request and its outcome (the history). */
type RequestFilter = 'pending' | 'all'

/** `GET /api/groups/{id}/requests?status=` (managers). */
function fetchRequests(
  groupId: string,
  status: RequestFilter,
  cursor: string | null,
): Promise<RequestsPage> {
  return api.get<RequestsPage>(`${groupPath(groupId)}/requests${pageQuery(cursor, { status })}`)
}

function requestsQueryOptions(groupId: string, status: RequestFilter) {
  return infiniteQueryOptions({
    queryKey: groupKeys.requests(groupId, status),
    queryFn: ({ pageParam }) => fetchRequests(groupId, status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
}

export function useRequests(groupId: string, status: RequestFilter, enabled = true) {
  return useInfiniteQuery({ ...requestsQueryOptions(groupId, status), enabled })
}

export function loadedRequests(pages: readonly RequestsPage[] | undefined): JoinRequest[] {
  return pages?.flatMap((page) => page.requests) ?? []
}
