import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { SendCodeBody } from '@/lib/verification-code.ts'
import type { SendCodeResponse } from './types.ts'

/** A code to bind this number to the signed-in account. */
export function sendPhoneCode(body: SendCodeBody) {
  return api.post<SendCodeResponse>('/api/account/phone/sendVerification', body)
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode })
}
