import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { DeviceSession } from '@/lib/api/types.ts'

export const sessionsQueryKey = ['auth', 'sessions'] as const

export async function listSessions(): Promise<DeviceSession[]> {
  const response = await api.get<{ success: boolean; sessions: DeviceSession[] }>(
    '/api/auth/sessions',
  )
  return response.sessions
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions })
}

export function useSessions() {
  return useQuery(sessionsQueryOptions())
}
