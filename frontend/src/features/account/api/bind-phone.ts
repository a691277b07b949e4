import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { useReauth } from '@/lib/reauth.ts'
import { refreshSession } from '@/lib/session.ts'
import { requireSuccess } from './require-success.ts'
import type { PhoneCodeRequest, AuthResponse } from '@/lib/api/types.ts'

/** Binds a number to the signed-in account, or changes it. */
async function bindPhone(body: PhoneCodeRequest) {
  const response = await api.put<AuthResponse>('/api/account/phone', body)
  return requireSuccess(response, i18n.t('account:phone.failed'))
}

/**
 * The user (and so the masked number shown) is fetched again afterwards. Needs recent proof of
 * the account: "Confirm it's you" first when the server asks for it.
 */
export function useBindPhone() {
  const queryClient = useQueryClient()
  const withReauth = useReauth()
  return useMutation({
    mutationFn: (body: PhoneCodeRequest) => withReauth(() => bindPhone(body)),
    onSuccess: () => refreshSession(queryClient),
  })
}
