import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { refreshSession } from '@/lib/session.ts'
import { requireSuccess } from './require-success.ts'
import type { UserResponse } from './types.ts'

/**
 * Links this browser's WeChat openid to the signed-in account. The login dialog (auth feature)
 * calls the same endpoint after a login; features do not share code, so each has its own file.
 */
export async function bindWechat() {
  const response = await api.post<UserResponse>('/api/auth/wechat/binding')
  return requireSuccess(response, i18n.t('account:wechat.bindFailed'))
}

/** A successful binding refreshes the auth state (spec §4.1). */
export function useBindWechat() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bindWechat,
    onSuccess: () => refreshSession(queryClient),
  })
}
