/**
 * Query keys of one person's profile and lists. What they hold depends on who asks (`isSelf`,
 * `disabled`, private groups, `liked`), so they sit under the user-scoped `['auth', …]` prefix:
 * signing in or out drops them.
 */
export const profileKeys = {
  all: ['auth', 'profiles'] as const,
  user: (userId: string) => [...profileKeys.all, userId] as const,
  profile: (userId: string) => [...profileKeys.user(userId), 'profile'] as const,
  list: (userId: string, list: ProfileList) => [...profileKeys.user(userId), list] as const,
}

/** The three lists a profile shows, each its own endpoint under `/api/users/{id}/`. */
type ProfileList = 'groups' | 'posts' | 'articles'

export const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`

export function pageQuery(cursor: string | null): string {
  return cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''
}
