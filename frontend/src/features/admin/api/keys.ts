/**
 * Query and mutation keys of the admin console. They live under `['auth', …]`, the prefix of
 * data fetched on behalf of the signed-in user, so logging in or out drops them
 * (`lib/session.ts`); the admin layout watches this prefix for 401/403 answers.
 */
export const adminKey = ['auth', 'admin'] as const

export const adminKeys = {
  overview: [...adminKey, 'overview'] as const,
  wechatToken: [...adminKey, 'wechat', 'token'] as const,
  wechatMenu: [...adminKey, 'wechat', 'menu'] as const,
  wechatMenuVersions: [...adminKey, 'wechat', 'menu', 'versions'] as const,
  /** The district tree, searches and the import (public reads are kept here too). */
  districts: [...adminKey, 'districts'] as const,
  /** The admin gallery: its lists (per filter) and its changes. */
  media: [...adminKey, 'media'] as const,
  /** The word list's pages (per filter), its changes and its import. */
  words: [...adminKey, 'words'] as const,
  /** The site's report queue: its lists (per state) and its closings. */
  reports: [...adminKey, 'reports'] as const,
  /** The audit log's lists (per filter). */
  audit: [...adminKey, 'audit'] as const,
  /** Users and groups found by name for the filters. */
  directory: [...adminKey, 'directory'] as const,
}

/** True for a query or mutation key of the admin console. */
export function isAdminKey(key: readonly unknown[] | undefined): boolean {
  return key !== undefined && key[0] === adminKey[0] && key[1] === adminKey[1]
}
