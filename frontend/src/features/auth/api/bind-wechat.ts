import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { refreshSession } from '@/lib/session.ts'
import { requireUser } from './require-user.ts'
import type { AuthSuccessResponse } from './types.ts'

/** Links this browser's WeChat openid to the signed-in account. */
export async function bindWechat() {
  const response = await api.post<AuthSuccessResponse>('/api/auth/wechat/binding')
  return requireUser(response, i18n.t('auth:wechat.bindFailed'))
}

/** A successful binding refreshes the auth state (spec §4.1). */
export function useBindWechat() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bindWechat,
    onSuccess: () => refreshSession(queryClient),
  })
}
