import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'

/** A personal access token as `GET /api/tokens` lists it (never its secret). */
export interface PatInfo {
  id: string
  name: string
  /** e.g. `cyp_…a1B2` */
  hint: string
  scopes: string[]
  createdAt: string
  expiresAt: string | null
  lastUsedAt: string | null
  revokedAt: string | null
  state: 'active' | 'expired' | 'revoked'
}

interface TokensResponse {
  success: boolean
  tokens: PatInfo[]
}

/** Under the user-scoped `auth` prefix, so signing in or out forgets the list. */
export const tokensKey = ['auth', 'apidocs', 'tokens'] as const

export async function listTokens(): Promise<PatInfo[]> {
  const response = await api.get<TokensResponse>('/api/tokens')
  return response.tokens
}

export function tokensQueryOptions() {
  return queryOptions({ queryKey: tokensKey, queryFn: listTokens })
}

/** The signed-in user's tokens, fetched only while `enabled` (token mode, signed in). */
export function useTokens(enabled: boolean) {
  return useQuery({ ...tokensQueryOptions(), enabled })
}
