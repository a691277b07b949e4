import { api } from '@/lib/api-client.ts'

/** `DELETE /api/blocks/{userId}`: unblocks or unmutes someone (a 204 without a body). */
export function removeBlock(userId: string): Promise<void> {
  return api.delete<void>(`/api/blocks/${encodeURIComponent(userId)}`)
}
