import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '@/lib/api-client.ts'
import { forgetPatSecret } from '@/lib/pat-secrets.ts'
import { developerKeys } from './keys.ts'
import type { PatInfo, PatResponse } from '@/lib/api/types.ts'

function revokeToken(id: string): Promise<PatResponse> {
  return api.delete<PatResponse>(`/api/tokens/${encodeURIComponent(id)}`)
}

/**
 * Revokes a token (idempotent on the server). The answer replaces the cached entry, which stays
 * in the list as revoked, and the tab forgets its secret. A 404 (already gone) refreshes the list.
 */
export function useRevokeToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: ({ token }) => {
      forgetPatSecret(token.id)
      queryClient.setQueryData<PatInfo[]>(developerKeys.tokens, (tokens) =>
        tokens?.map((known) => (known.id === token.id ? token : known)),
      )
    },
    onError: (error, id) => {
      if (error instanceof ApiError && error.status === 404) {
        forgetPatSecret(id)
        void queryClient.invalidateQueries({ queryKey: developerKeys.tokens })
      }
    },
  })
}
