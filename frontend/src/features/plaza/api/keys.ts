/**
 * Query keys of the plaza. Posts and comments carry what the viewer may do (`liked`,
 * `canDelete`), so they sit under the user-scoped `['auth', …]` prefix: signing in or out drops
 * them and the page refetches for the new viewer (`lib/session.ts`). The provinces are the same
 * for everyone.
 */
export const plazaKeys = {
  all: ['auth', 'plaza'] as const,
  /** The feed, all districts (`null`) or one. */
  feed: (district: string | null) => ['auth', 'plaza', 'feed', district ?? 'all'] as const,
  newCount: (district: string | null, since: string | null) =>
    ['auth', 'plaza', 'new-count', district ?? 'all', since] as const,
  /** One post, for its own page (`/plaza/post/$postId`). */
  post: (postId: string) => ['auth', 'plaza', 'post', postId] as const,
  comments: (postId: string) => ['auth', 'plaza', 'comments', postId] as const,
  provinces: ['districts', 'provinces'] as const,
}

export const postApiPath = (postId: string) => `/api/plaza/posts/${encodeURIComponent(postId)}`

export const commentApiPath = (commentId: string) =>
  `/api/plaza/comments/${encodeURIComponent(commentId)}`

/** A query string from the parameters that are set (`''` when none is). */
export function queryString(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value)
  const text = search.toString()
  return text ? `?${text}` : ''
}
