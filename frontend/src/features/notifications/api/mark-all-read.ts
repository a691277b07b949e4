import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from '@/lib/api/types.ts'

type Read = ResponseBody<'/api/notifications/read-all', 'post'>

/** `POST /api/notifications/read-all`: everything up to `upTo`, the newest `seq` shown. */
export function markAllRead(
  body: RequestBody<'/api/notifications/read-all', 'post'>,
): Promise<Read> {
  return api.post<Read>('/api/notifications/read-all', body)
}
