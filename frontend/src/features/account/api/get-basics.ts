import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { AccountBasics } from '@/lib/api/types.ts'

export function basicsQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'account', 'basics'] as const,
    queryFn: () => api.get<AccountBasics>('/api/account/basics'),
  })
}

export function useBasics() {
  return useSuspenseQuery(basicsQueryOptions()).data
}
