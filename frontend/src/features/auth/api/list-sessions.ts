import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { DeviceSession, ResponseBody } from '@/lib/api/types.ts'

export const sessionsQueryKey = ['auth', 'sessions'] as const

/** `GET /api/auth/sessions`: the signed-in devices of the account. */
async function listSessions(): Promise<DeviceSession[]> {
  const response = await api.get<ResponseBody<'/api/auth/sessions', 'get'>>('/api/auth/sessions')
  return response.sessions
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions })
}

export function useSessions() {
  return useQuery(sessionsQueryOptions())
}
