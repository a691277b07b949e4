import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { useReauth } from '@/lib/reauth.ts'
import type { SendCodeBody } from '@/lib/verification-code.ts'
import type { CodeSentResponse } from '@/lib/api/types.ts'

/** A code to bind this number to the signed-in account. */
function sendPhoneCode(body: SendCodeBody) {
  return api.post<CodeSentResponse>('/api/account/phone/sendVerification', body)
}

/** Needs recent proof of the account: "Confirm it's you" first when the server asks for it. */
export function useSendPhoneCode() {
  const withReauth = useReauth()
  return useMutation({ mutationFn: (body: SendCodeBody) => withReauth(() => sendPhoneCode(body)) })
}
