import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { setSessionUser } from '@/lib/session.ts'
import { requireUser } from '@/lib/api/require-user.ts'
import type { AuthResponse, RequestBody } from '@/lib/api/types.ts'

type UsernameRegisterBody = RequestBody<'/api/auth/username/register', 'post'>

async function registerWithUsername(body: UsernameRegisterBody) {
  const response = await api.post<AuthResponse>('/api/auth/username/register', body)
  return requireUser(response, i18n.t('auth:register.failed'))
}

/** Registration logs the new user in (docs/api.md: the response sets the session cookie). */
export function useRegisterWithUsername() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: registerWithUsername,
    onSuccess: (user) => setSessionUser(queryClient, user),
  })
}
