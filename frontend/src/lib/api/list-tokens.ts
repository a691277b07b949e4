import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { PatInfo, ResponseBody } from './types.ts'

/**
 * The signed-in user's personal access tokens, one cache entry for every feature that lists them
 * (the developer portal's token page, the API docs browser's token picker). Under the user-scoped
 * `auth` prefix, so signing in or out forgets the list (`lib/session.ts`).
 */
export const tokensKey = ['auth', 'tokens'] as const

/** Newest first, expired and revoked ones included; never a secret. */
async function listTokens(): Promise<PatInfo[]> {
  const response = await api.get<ResponseBody<'/api/tokens', 'get'>>('/api/tokens')
  return response.tokens
}

export function tokensQueryOptions() {
  return queryOptions({ queryKey: tokensKey, queryFn: listTokens })
}

/** The tokens, fetched only while `enabled` (default: always). */
export function useTokens(enabled = true) {
  return useQuery({ ...tokensQueryOptions(), enabled })
}
