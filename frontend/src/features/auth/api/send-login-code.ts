import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { SendCodeBody } from '@/lib/verification-code.ts'
import type { CodeSentResponse } from '@/lib/api/types.ts'

/** A code for logging in (or signing up) by phone. */
function sendLoginCode(body: SendCodeBody) {
  return api.post<CodeSentResponse>('/api/auth/phone/sendVerification', body)
}

export function useSendLoginCode() {
  return useMutation({ mutationFn: sendLoginCode })
}
