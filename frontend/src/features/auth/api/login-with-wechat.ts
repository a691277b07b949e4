import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { setSessionUser } from '@/lib/session.ts'
import { requireUser } from '@/lib/api/require-user.ts'
import type { AuthResponse } from '@/lib/api/types.ts'

/** Logs in as the account linked to this browser's WeChat openid. */
async function loginWithWechat() {
  const response = await api.get<AuthResponse>('/api/auth/wechat/login')
  return requireUser(response, i18n.t('auth:wechat.loginFailed'))
}

export function useLoginWithWechat() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: loginWithWechat,
    onSuccess: (user) => setSessionUser(queryClient, user),
  })
}
