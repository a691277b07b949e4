import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { notificationApiPath } from './keys.ts'

type Read = ResponseBody<'/api/notifications/{id}/read', 'post'>

/** `POST /api/notifications/{id}/read`: answers how many are unread now. */
export function markRead(id: string): Promise<Read> {
  return api.post<Read>(`${notificationApiPath(id)}/read`)
}
