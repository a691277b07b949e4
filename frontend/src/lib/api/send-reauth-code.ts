import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from './types.ts'

const SEND_CODE = '/api/auth/reauthenticate/sendVerification'

/** Sends a code to the number already bound to the account (accounts without a password). */
export function sendReauthCode() {
  return api.post<ResponseBody<typeof SEND_CODE, 'post'>>(SEND_CODE)
}
