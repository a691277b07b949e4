import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { useReauth } from '@/lib/reauth.ts'
import { refreshSession } from '@/lib/session.ts'
import { requireUser } from './require-user.ts'
import type { ResponseBody } from './types.ts'

const BINDING = '/api/auth/wechat/binding'

/** `DELETE /api/auth/wechat/binding`: unlinks WeChat from the signed-in account. */
async function unbindWechat() {
  const response = await api.delete<ResponseBody<typeof BINDING, 'delete'>>(BINDING)
  requireUser(response, i18n.t('account:wechat.unbindFailed'))
  return response
}

/** As `useBindWechat` (bind-wechat.ts): the session refetches; reauthentication when asked. */
export function useUnbindWechat() {
  const queryClient = useQueryClient()
  const withReauth = useReauth()
  return useMutation({
    mutationFn: () => withReauth(unbindWechat),
    onSuccess: () => refreshSession(queryClient),
  })
}
