import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { JoinRequest, RequestBody, ResponseBody } from '@/lib/api/types.ts'
import { groupsChanged } from './group-cache.ts'
import { groupKeys, groupPath, pageQuery } from './keys.ts'

type RequestsPage = ResponseBody<'/api/groups/{id}/requests', 'get'>
type DecidedRequest = ResponseBody<'/api/groups/{id}/requests/{requestId}/approve', 'post'>
export type ApproveBody = RequestBody<'/api/groups/{id}/requests/{requestId}/approve', 'post'>
export type ApprovedRole = NonNullable<ApproveBody['role']>

/** The longest reason a rejection keeps (the server's rule). */
export const REJECT_REASON_MAX = 500

/** `pending`: the queue; `all`: every request and its outcome (the history). */
export type RequestFilter = 'pending' | 'all'

const requestPath = (groupId: string, requestId: string) =>
  `${groupPath(groupId)}/requests/${encodeURIComponent(requestId)}`

/** `GET /api/groups/{id}/requests?status=` (managers). */
export function fetchRequests(
  groupId: string,
  status: RequestFilter,
  cursor: string | null,
): Promise<RequestsPage> {
  return api.get<RequestsPage>(`${groupPath(groupId)}/requests${pageQuery(cursor, { status })}`)
}

export function requestsQueryOptions(groupId: string, status: RequestFilter) {
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

/** Approves with a role (`admin` only from the owner); the group and its lists refetch. */
export function useApproveRequest(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ requestId, role }: { requestId: string; role: ApprovedRole }) =>
      api.post<DecidedRequest>(`${requestPath(groupId, requestId)}/approve`, { role }),
    onSuccess: () => groupsChanged(queryClient),
  })
}

/** Rejects with an optional reason, kept in the history. */
export function useRejectRequest(groupId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: string; reason: string }) =>
      api.post<DecidedRequest>(`${requestPath(groupId, requestId)}/reject`, {
        reason: reason.trim() || null,
      }),
    onSuccess: () => groupsChanged(queryClient),
  })
}
