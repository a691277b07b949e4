/*
 * A mention's link and its way back (lib/mentions.ts re-exports both): apart from the rest of
 * the mentions, because the profile route, which every first screen's router holds, needs only
 * these two lines (docs/frontend.md, "Budget").
 */

/** The profile link of a mention: `/profile/@username`, which the profile route resolves. */
export function mentionHref(username: string): string {
  return `/profile/@${username}`
}

/** The username a `/profile/$userId` parameter names with `@`, or `null` for an id. */
export function mentionUsername(param: string): string | null {
  const match = /^@([A-Za-z0-9_-]{1,32})$/.exec(param)
  return match ? (match[1] ?? '').toLowerCase() : null
}
