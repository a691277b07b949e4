import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ProfileResponse } from '@/lib/api/types.ts'
import { profileKeys, userPath } from './keys.ts'

/** `GET /api/users/{id}`: who they are (a 404 for an unknown or malformed id). */
function fetchProfile(userId: string): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(userPath(userId))
}

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

export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.profile(userId),
    queryFn: () => fetchProfile(userId),
  })
}

export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId))
}
