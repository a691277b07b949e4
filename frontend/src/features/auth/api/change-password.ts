import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { tokensKey } from '@/lib/api/list-tokens.ts'
import { sessionsQueryKey } from './list-sessions.ts'
import type { RequestBody, ResponseBody } from '@/lib/api/types.ts'

const CHANGE_PASSWORD = '/api/auth/password/change'

/** `{ currentPassword, newPassword, revokeTokens? }`. */
type ChangePasswordBody = RequestBody<typeof CHANGE_PASSWORD, 'post'>

/** Answers `tokensRevoked`: how many personal access tokens went with it. */
function changePassword(body: ChangePasswordBody) {
  return api.post<ResponseBody<typeof CHANGE_PASSWORD, 'post'>>(CHANGE_PASSWORD, body)
}

/**
 * The server revokes the user's other sessions (and, when asked, their tokens), so the device
 * list and the token list are refetched.
 */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (_, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
        body.revokeTokens ? queryClient.invalidateQueries({ queryKey: tokensKey }) : undefined,
      ]),
  })
}
