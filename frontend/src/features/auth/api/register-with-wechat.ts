import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { refreshSession, setSessionUser } from '@/lib/session.ts'
import { requireUser } from '@/lib/api/require-user.ts'
import type { AuthResponse } from '@/lib/api/types.ts'

/** A new account from the WeChat profile, linked to this browser's openid and logged in. */
async function registerWithWechat() {
  const response = await api.post<AuthResponse>('/api/auth/wechat/register')
  return requireUser(response, i18n.t('auth:wechat.registerFailed'))
}

export function useRegisterWithWechat() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: registerWithWechat,
    onSuccess: (user) => {
      setSessionUser(queryClient, user)
      // The openid now has a user (hasUser).
      void refreshSession(queryClient)
    },
  })
}
