/**
 * Query keys of the notifications: the signed-in user's, so under `['auth', …]` (signing in or
 * out drops them, `lib/session.ts`).
 */
export const notificationKeys = {
  all: ['auth', 'notifications'] as const,
  inbox: ['auth', 'notifications', 'inbox'] as const,
  unread: ['auth', 'notifications', 'unread'] as const,
  preferences: ['auth', 'notifications', 'preferences'] as const,
}

export const notificationApiPath = (id: string) => `/api/notifications/${encodeURIComponent(id)}`
