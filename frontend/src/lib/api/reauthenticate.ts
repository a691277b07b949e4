import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from './types.ts'

const REAUTHENTICATE = '/api/auth/reauthenticate'

/** `POST /api/auth/reauthenticate` with `{ password }` or `{ code }`: proves the account again. */
export function reauthenticate(body: RequestBody<typeof REAUTHENTICATE, 'post'>) {
  return api.post<ResponseBody<typeof REAUTHENTICATE, 'post'>>(REAUTHENTICATE, body)
}
