import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { setSessionUser } from '@/lib/session.ts'
import { requireUser } from '@/lib/api/require-user.ts'
import type { PhoneCodeRequest, PhoneLoginResponse } from '@/lib/api/types.ts'

/** Logs in with an SMS code; the server makes the account when the number has none. */
async function loginWithPhone(body: PhoneCodeRequest) {
  const response = await api.post<PhoneLoginResponse>('/api/auth/phone/login', body)
  return {
    user: requireUser(response, i18n.t('auth:phone.loginFailed')),
    created: response.created === true,
  }
}

export function useLoginWithPhone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: loginWithPhone,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  })
}
