import { groupKey, groupsKey } from '@/lib/api/get-group.ts'

/**
 * Query keys of the groups feature, all under `groupsKey` (`['auth', 'groups']`): signing in or
 * out drops them (`lib/session.ts`), and invalidating `groupsKey` after a change refreshes every
 * list and group. A group's own lists sit under its `groupKey`, so invalidating the group
 * refreshes its members, requests and bans too.
 */
export const groupKeys = {
  all: groupsKey,
  mine: [...groupsKey, 'mine'] as const,
  discover: (query: string) => [...groupsKey, 'discover', query] as const,
  group: groupKey,
  members: (groupId: string) => [...groupKey(groupId), 'members'] as const,
  bans: (groupId: string) => [...groupKey(groupId), 'bans'] as const,
  /** The group's report queue, per state. */
  reports: (groupId: string) => [...groupKey(groupId), 'reports'] as const,
  requests: (groupId: string, status: 'pending' | 'all') =>
    [...groupKey(groupId), 'requests', status] as const,
}

/** `?cursor=…` for a page after the first, URL-encoded. */
export function pageQuery(cursor: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra)
  if (cursor) params.set('cursor', cursor)
  const query = params.toString()
  return query ? `?${query}` : ''
}

export const groupPath = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`

export const memberPath = (groupId: string, userId: string) =>
  `${groupPath(groupId)}/members/${encodeURIComponent(userId)}`

export const banPath = (groupId: string, userId: string) =>
  `${groupPath(groupId)}/bans/${encodeURIComponent(userId)}`

export const requestPath = (groupId: string, requestId: string) =>
  `${groupPath(groupId)}/requests/${encodeURIComponent(requestId)}`
