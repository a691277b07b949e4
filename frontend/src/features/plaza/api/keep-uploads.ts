import { api } from '@/lib/api-client.ts'
import type { RequestBody, ResponseBody } from '@/lib/api/types.ts'

type Kept = ResponseBody<'/api/media/keep', 'post'>

/**
 * `POST /api/media/keep`: "these uploads are still in my draft". The server's sweep then counts
 * their grace period from now; `missing` are the ones that are gone (swept, deleted by an
 * admin) or no longer a draft's (already posted), which the draft drops.
 */
export function keepUploads(ids: RequestBody<'/api/media/keep', 'post'>['ids']): Promise<Kept> {
  return api.post<Kept>('/api/media/keep', { ids })
}
