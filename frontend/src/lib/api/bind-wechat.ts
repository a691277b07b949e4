import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { useReauth } from '@/lib/reauth.ts'
import { refreshSession } from '@/lib/session.ts'
import { requireUser } from './require-user.ts'
import type { ResponseBody } from './types.ts'

// Linking WeChat: one copy for the sign-in dialog (linking the WeChat identity this browser just
// signed in with) and the account page.

const BINDING = '/api/auth/wechat/binding'

/** `POST /api/auth/wechat/binding`: links the WeChat identity this browser signed in with. */
async function bindWechat() {
  const response = await api.post<ResponseBody<typeof BINDING, 'post'>>(BINDING)
  requireUser(response, i18n.t('auth:wechat.bindFailed'))
  return response
}

/**
 * The session's user changes (`wechatLinked`): refetch it. Needs recent proof of the account:
 * "Confirm it's you" first when the server asks for it (`lib/reauth.ts`).
 */
export function useBindWechat() {
  const queryClient = useQueryClient()
  const withReauth = useReauth()
  return useMutation({
    mutationFn: () => withReauth(bindWechat),
    onSuccess: () => refreshSession(queryClient),
  })
}
