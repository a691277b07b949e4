// The search page's address (`/search?q=&tab=&since=&district=&group=`): what it may hold and
// how a hand-typed or stale one is read. The route's `validateSearch` (routes/search.tsx), so a
// reload, a shared link and Back/Forward show the same search. The values the server takes are
// pinned to its OpenAPI document by search-params.test.ts.

import { isUuid } from '@/lib/uuid.ts'

/** The five kinds of result, each a tab and an endpoint (`GET /api/search/<tab>`). */
export const SEARCH_TABS = ['posts', 'articles', 'replies', 'groups', 'people'] as const
export type SearchTab = (typeof SEARCH_TABS)[number]

/** How far back a search looks (`SearchSince`); none is any time. */
export const SINCE_OPTIONS = ['day', 'week', 'month', 'year'] as const
export type Since = (typeof SINCE_OPTIONS)[number]

/** The server's longest query (`q`, 1–100 characters). */
export const QUERY_MAX_CHARS = 100

/** What the address holds; every part optional (no `tab` is the posts). */
export interface SearchParams {
  q?: string
  tab?: SearchTab
  since?: Since
  /** A GB/T 2260 code: a province takes its cities and counties. */
  district?: string
  /** A group's id (articles and replies). */
  group?: string
}

const isOneOf = <T extends string>(options: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (options as readonly string[]).includes(value)

/**
 * The address's search as the page uses it: unknown keys and malformed values are dropped (a
 * wrong tab is the posts, a malformed district or group no filter). The app's router hands
 * digits over as text and JSON words (`true`, `null`) parsed (app/router.tsx), so a query that
 * is a number or `true` is read back as its text; a blank one is no query.
 */
export function validateSearchParams(search: Record<string, unknown>): SearchParams {
  const out: SearchParams = {}
  const raw = search.q
  const q =
    typeof raw === 'string'
      ? raw
      : typeof raw === 'number' || typeof raw === 'boolean'
        ? String(raw)
        : ''
  if (q.trim()) out.q = q
  if (isOneOf(SEARCH_TABS, search.tab)) out.tab = search.tab
  if (isOneOf(SINCE_OPTIONS, search.since)) out.since = search.since
  if (typeof search.district === 'string' && /^[0-9]{6}$/.test(search.district)) {
    out.district = search.district
  }
  if (typeof search.group === 'string' && isUuid(search.group)) out.group = search.group
  return out
}
