import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ProfileResponse } from '@/lib/api/types.ts'
import { profileKeys, userPath } from './keys.ts'

/** `GET /api/users/{id}`: who they are (a 404 for an unknown or malformed id). */
function fetchProfile(userId: string): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(userPath(userId))
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
