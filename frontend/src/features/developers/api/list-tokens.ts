import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { developerKeys } from './keys.ts'
import type { PatInfo, TokensResponse } from './types.ts'

/** Newest first, expired and revoked ones included. */
export async function listTokens(): Promise<PatInfo[]> {
  const response = await api.get<TokensResponse>('/api/tokens')
  return response.tokens
}

export function tokensQueryOptions() {
  return queryOptions({ queryKey: developerKeys.tokens, queryFn: listTokens })
}

export function useTokens() {
  return useQuery(tokensQueryOptions())
}
