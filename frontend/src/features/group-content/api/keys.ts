import { groupKey } from '@/lib/api/get-group.ts'

/**
 * Query keys of a group's articles and gallery, under the group's own key (`lib/api/get-group.ts`,
 * itself under the user-scoped `['auth', …]` prefix): signing in or out drops them, and
 * invalidating the group (joining, leaving, a change of settings) refetches them too.
 */
export const contentKeys = {
  published: (groupId: string) => [...groupKey(groupId), 'articles', 'published'] as const,
  drafts: (groupId: string) => [...groupKey(groupId), 'articles', 'drafts'] as const,
  article: (groupId: string, articleId: string) =>
    [...groupKey(groupId), 'article', articleId] as const,
  /** An article's replies, under the article's key: dropping the article drops them. */
  replies: (groupId: string, articleId: string) =>
    [...groupKey(groupId), 'article', articleId, 'replies'] as const,
  gallery: (groupId: string) => [...groupKey(groupId), 'gallery'] as const,
}

export const groupApiPath = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`

export const articleApiPath = (groupId: string, articleId: string) =>
  `${groupApiPath(groupId)}/articles/${encodeURIComponent(articleId)}`

/** `?cursor=…` for a page after the first. */
export function pageQuery(cursor: string | null): string {
  return cursor ? `?${new URLSearchParams({ cursor })}` : ''
}

/** `?reason=…` when a reason is given (a manager removing someone else's content), else nothing. */
export function reasonQuery(reason: string | undefined): string {
  return reason ? `?${new URLSearchParams({ reason })}` : ''
}

/** The cursor of the page after `page`, or undefined at the end (TanStack's infinite queries). */
export function nextCursor(page: { nextCursor: string | null }): string | undefined {
  return page.nextCursor ?? undefined
}

export const repliesApiPath = (groupId: string, articleId: string) =>
  `${articleApiPath(groupId, articleId)}/replies`
