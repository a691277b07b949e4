import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from './types.ts'

const REAUTHENTICATE = '/api/auth/reauthenticate'
const SEND_CODE = '/api/auth/reauthenticate/sendVerification'

/** `{ password }` or `{ code }`: proves the account again on this browser session. */
export type ReauthenticateBody = RequestBody<typeof REAUTHENTICATE, 'post'>

export function reauthenticate(body: ReauthenticateBody) {
  return api.post<ResponseBody<typeof REAUTHENTICATE, 'post'>>(REAUTHENTICATE, body)
}

/** Sends a code to the number already bound to the account (accounts without a password). */
export function sendReauthCode() {
  return api.post<ResponseBody<typeof SEND_CODE, 'post'>>(SEND_CODE)
}
