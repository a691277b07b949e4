/*
 * A link to one comment, `/plaza/post/<id>#comment-<commentId>` (a notification's, a mention's):
 * the comments arrive after the page, oldest first a page at a time, so the one named may not be
 * on the page yet, or on the first page of comments at all.
 */

/** The prefix of a comment's anchor (the `id` of its list item). */
const PREFIX = 'comment-'

/** How many pages of comments a link to one of them loads at most while looking for it. */
export const ANCHOR_MAX_PAGES = 25

/** The comment's id a location hash (with or without its `#`) names, or `null`. */
export function anchoredCommentId(hash: string): string | null {
  let anchor: string
  try {
    anchor = decodeURIComponent(hash.replace(/^#/, ''))
  } catch {
    return null
  }
  if (!anchor.startsWith(PREFIX)) return null
  const id = anchor.slice(PREFIX.length)
  // `comment-<id>-edit` is the editor of a comment, not a comment.
  return /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : null
}

/**
 * What to do for the comment a link names, given what is loaded: scroll to it once it is there,
 * load the next page while it is not and another page may hold it, else nothing (it is gone).
 */
export function anchorStep({
  target,
  loaded,
  pages,
  hasNextPage,
}: {
  target: string
  loaded: readonly string[]
  pages: number
  hasNextPage: boolean
}): 'scroll' | 'load' | 'none' {
  if (loaded.includes(target)) return 'scroll'
  return hasNextPage && pages < ANCHOR_MAX_PAGES ? 'load' : 'none'
}
