import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { notificationKeys } from './keys.ts'

export type Preferences = ResponseBody<'/api/notifications/preferences', 'get'>
export type NotificationKind = Preferences['kinds'][number]['kind']

/** `GET /api/notifications/preferences`: every kind and whether it is on. */
function getPreferences(): Promise<Preferences> {
  return api.get<Preferences>('/api/notifications/preferences')
}

export function preferencesQueryOptions() {
  return queryOptions({ queryKey: notificationKeys.preferences, queryFn: getPreferences })
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions())
}
