import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { displayLanguage, type Language } from '@/lib/i18n.ts'
import { developerKeys } from './keys.ts'
import type { ScopeInfo, ScopesResponse } from '@/lib/api/types.ts'

async function listScopes(): Promise<ScopeInfo[]> {
  const response = await api.get<ScopesResponse>('/api/tokens/scopes')
  return response.scopes
}

export function scopesQueryOptions(language: Language = displayLanguage()) {
  return queryOptions({
    queryKey: developerKeys.scopes(language),
    queryFn: listScopes,
    staleTime: 5 * 60_000,
  })
}

export function useScopes(language: Language) {
  return useQuery(scopesQueryOptions(language))
}
