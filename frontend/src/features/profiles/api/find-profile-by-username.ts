import { api } from '@/lib/api-client.ts'
import type { ProfileResponse } from '@/lib/api/types.ts'

/**
 * `GET /api/users/by-username/{username}`: the id of the person an `@username` mention names
 * (a 404 when there is none).
 */
export async function profileIdOfUsername(username: string): Promise<string> {
  const answer = await api.get<ProfileResponse>(
    `/api/users/by-username/${encodeURIComponent(username)}`,
  )
  return answer.profile.id
}
