import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { AuditPageResponse } from '@/lib/api/types.ts'
import { auditFilterQuery, type AuditFilters } from '../components/audit-model.ts'
import { adminKeys } from './keys.ts'

/** Events per page of the audit log (the server caps pages at 50). */
const AUDIT_PAGE = 30

/** The events the filters select, newest first, page by page. */
export function auditQueryOptions(filters: AuditFilters) {
  const query = auditFilterQuery(filters)
  return infiniteQueryOptions({
    queryKey: [...adminKeys.audit, 'list', query] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(query)
      params.set('limit', String(AUDIT_PAGE))
      if (pageParam) params.set('cursor', pageParam)
      return api.get<AuditPageResponse>(`/api/admin/audit?${params.toString()}`, { signal })
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  })
}

export function useAudit(filters: AuditFilters, enabled = true) {
  return useInfiniteQuery({ ...auditQueryOptions(filters), enabled })
}
