import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { GroupHome, ResponseBody } from './types.ts'

/**
 * A group as the signed-in (or signed-out) viewer sees it: the card, the viewer's membership and
 * role, and — for those who may read it — the latest articles, images and members
 * (`GET /api/groups/{id}`). Every group page reads it: the layout's header and tabs, the home,
 * the join page, members, settings, articles and the gallery. Under the user-scoped `auth`
 * prefix, so signing in or out refetches it with the new viewer (`lib/session.ts`).
 */
export const groupKey = (groupId: string) => ['auth', 'groups', groupId] as const

/** Every group query of the viewer (lists and single groups): invalidate after a change. */
export const groupsKey = ['auth', 'groups'] as const

async function fetchGroup(groupId: string): Promise<GroupHome> {
  return api.get<ResponseBody<'/api/groups/{id}', 'get'>>(
    `/api/groups/${encodeURIComponent(groupId)}`,
  )
}

export function groupQueryOptions(groupId: string) {
  return queryOptions({ queryKey: groupKey(groupId), queryFn: () => fetchGroup(groupId) })
}

export function useGroup(groupId: string) {
  return useQuery(groupQueryOptions(groupId))
}

/** Where a group's pages live (the spec's route table, §2.1). */
export const groupPaths = {
  list: () => '/group',
  home: (groupId: string) => `/group/${groupId}`,
  join: (groupId: string) => `/group/${groupId}/join`,
  members: (groupId: string) => `/group/${groupId}/members`,
  articles: (groupId: string) => `/group/${groupId}/articles`,
  gallery: (groupId: string) => `/group/${groupId}/gallery`,
  settings: (groupId: string) => `/group/${groupId}/settings`,
  edit: (groupId: string, articleId: string) => `/group/${groupId}/article/${articleId}/edit`,
  display: (groupId: string, articleId: string) => `/group/${groupId}/article/${articleId}/display`,
} as const
