import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from './types.ts'

const REPORTS = '/api/reports'

/** `POST /api/reports`: reports something the viewer can see; answers the server's thanks. */
export function createReport(body: RequestBody<typeof REPORTS, 'post'>) {
  return api.post<ResponseBody<typeof REPORTS, 'post', 201>>(REPORTS, body)
}
