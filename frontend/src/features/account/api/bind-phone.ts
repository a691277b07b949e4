import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { refreshSession } from '@/lib/session.ts'
import { requireSuccess } from './require-success.ts'
import type { BindPhoneBody, UserResponse } from './types.ts'

/** Binds a number to the signed-in account, or changes it. */
export async function bindPhone(body: BindPhoneBody) {
  const response = await api.put<UserResponse>('/api/account/phone', body)
  return requireSuccess(response, i18n.t('account:phone.failed'))
}

/** The user (and so the masked number shown) is fetched again afterwards. */
export function useBindPhone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bindPhone,
    onSuccess: () => refreshSession(queryClient),
  })
}
