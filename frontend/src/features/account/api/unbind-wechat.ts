import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { refreshSession } from '@/lib/session.ts'
import { requireSuccess } from './require-success.ts'
import type { UserResponse } from './types.ts'

/** Unlinks WeChat; 409 `last_sign_in_method` when it is the account's only way to log in. */
export async function unbindWechat() {
  const response = await api.delete<UserResponse>('/api/auth/wechat/binding')
  return requireSuccess(response, i18n.t('account:wechat.unbindFailed'))
}

export function useUnbindWechat() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unbindWechat,
    onSuccess: () => refreshSession(queryClient),
  })
}
