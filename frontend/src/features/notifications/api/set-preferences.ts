import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from '@/lib/api/types.ts'

type Saved = ResponseBody<'/api/notifications/preferences', 'put'>

/** `PUT /api/notifications/preferences`: the kinds turned off; answers every kind. */
export function setPreferences(
  body: RequestBody<'/api/notifications/preferences', 'put'>,
): Promise<Saved> {
  return api.put<Saved>('/api/notifications/preferences', body)
}
