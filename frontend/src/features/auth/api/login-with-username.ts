import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { setSessionUser } from '@/lib/session.ts'
import { requireUser } from '@/lib/api/require-user.ts'
import type { AuthResponse, RequestBody } from '@/lib/api/types.ts'

type UsernameLoginBody = RequestBody<'/api/auth/username/login', 'post'>

async function loginWithUsername(body: UsernameLoginBody) {
  const response = await api.post<AuthResponse>('/api/auth/username/login', body)
  return requireUser(response, i18n.t('auth:login.failed'))
}

export function useLoginWithUsername() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: loginWithUsername,
    onSuccess: (user) => setSessionUser(queryClient, user),
  })
}
