import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/*
 * A link to one item of a list that loads after its page, oldest first a page at a time: a plaza
 * post's comment (`/plaza/post/<id>#comment-<id>`), an article's reply
 * (`/group/<g>/article/<a>/display#reply-<id>`), what notifications and mentions point to. The
 * item named may not be loaded yet, or on the first page at all: the router cannot scroll to it.
 */

/** How many pages a link to one item loads at most while looking for it. */
export const ANCHOR_MAX_PAGES = 25

/**
 * The id of the item a location hash (with or without its `#`) names as `<prefix><uuid>`, in
 * lower case, or `null`. Anything after the id (`comment-<id>-edit`, an editor) names no item.
 */
export function anchoredId(hash: string, prefix: string): string | null {
  let anchor: string
  try {
    anchor = decodeURIComponent(hash.replace(/^#/, ''))
  } catch {
    return null
  }
  if (!anchor.startsWith(prefix)) return null
  const id = anchor.slice(prefix.length)
  return /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : null
}

/**
 * What to do for the item a link names, given what is loaded: scroll to it once it is there,
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

/** The parts of a TanStack infinite query the link's search reads. */
interface AnchorQuery {
  isSuccess: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  data?: { pages: readonly unknown[] }
}

/**
 * Follows a link to one item of `query`'s list (`#<prefix><id>`, the router's hash): loads the
 * next page until the item is loaded (at most {@link ANCHOR_MAX_PAGES}), then scrolls the element
 * `<prefix><id>` into view, once per link. An item on no page is gone: the page stays where it
 * is. Answers the id the link names (`null` when none, or `enabled` is false), for the caller to
 * mark that item (`data-targeted`: `:target` does not follow the router).
 */
export function useAnchoredItem({
  prefix,
  enabled = true,
  items,
  query,
}: {
  prefix: string
  enabled?: boolean
  /** What is loaded, in order (the same array while it does not change). */
  items: readonly { id: string }[]
  query: AnchorQuery
}): string | null {
  const hash = useLocation({ select: (location) => location.hash })
  const target = enabled ? anchoredId(hash, prefix) : null
  const scrolledTo = useRef<string | null>(null)
  const pages = query.data?.pages.length ?? 0
  const { isSuccess, hasNextPage, isFetchingNextPage, fetchNextPage } = query
  useEffect(() => {
    if (!target || scrolledTo.current === target || !isSuccess || isFetchingNextPage) return
    const step = anchorStep({
      target,
      loaded: items.map((item) => item.id),
      pages,
      hasNextPage,
    })
    if (step === 'load') {
      void fetchNextPage()
    } else if (step === 'scroll') {
      scrolledTo.current = target
      document.getElementById(`${prefix}${target}`)?.scrollIntoView?.({ block: 'start' })
    }
  }, [target, prefix, items, pages, hasNextPage, isFetchingNextPage, fetchNextPage, isSuccess])
  return target
}
