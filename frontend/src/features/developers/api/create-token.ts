import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { rememberPatSecret } from '@/lib/pat-secrets.ts'
import { developerKeys } from './keys.ts'
import type { CreateTokenRequest, CreateTokenResponse, PatInfo } from '@/lib/api/types.ts'

function createToken(request: CreateTokenRequest): Promise<CreateTokenResponse> {
  return api.post<CreateTokenResponse>('/api/tokens', request)
}

/**
 * Creates a token. The new one goes on top of the cached list, and its secret is remembered for
 * this tab (`lib/pat-secrets.ts`) so the API docs browser can offer it.
 */
export function useCreateToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createToken,
    onSuccess: ({ token, secret }) => {
      rememberPatSecret(token.id, secret)
      queryClient.setQueryData<PatInfo[]>(developerKeys.tokens, (tokens) =>
        tokens ? [token, ...tokens.filter((known) => known.id !== token.id)] : tokens,
      )
      void queryClient.invalidateQueries({ queryKey: developerKeys.tokens })
    },
  })
}
