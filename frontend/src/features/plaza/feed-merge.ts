import type { InfiniteData } from '@tanstack/react-query'
import type { PlazaFeedPage, PlazaPost } from '@/lib/api/types.ts'

/**
 * The feed after "N new posts" was clicked: `fresh` is the first page asked for again from the
 * top. When it reaches the posts already shown (their head is in it), the new posts go above
 * them and every loaded page stays, with its cursor (keyset cursors stay valid while posts
 * arrive), each post once. When more arrived than one page holds there would be a gap between
 * the fresh page and the old head, and when the fresh page is the whole feed it is all there
 * is: either way the feed starts over from the fresh page.
 */
export function mergeFeedHead(
  data: InfiniteData<PlazaFeedPage, unknown> | undefined,
  fresh: PlazaFeedPage,
): InfiniteData<PlazaFeedPage, unknown> {
  const restart = { pages: [fresh], pageParams: [null] }
  const first = data?.pages[0]
  if (!data || !first) return restart
  const oldHead = first.posts[0]
  if (!oldHead) return restart
  // The whole feed fits in the fresh page: it is all there is (what is gone is gone).
  if (fresh.nextCursor === null) return restart
  if (!fresh.posts.some((post) => post.id === oldHead.id)) return restart

  const seen = new Set(fresh.posts.map((post) => post.id))
  const keep = (posts: readonly PlazaPost[]) => posts.filter((post) => !seen.has(post.id))
  const [, ...older] = data.pages
  return {
    pages: [
      {
        ...fresh,
        posts: [...fresh.posts, ...keep(first.posts)],
        // The old first page's continuation: older pages keep following it.
        nextCursor: first.nextCursor,
      },
      ...older.map((page) => ({ ...page, posts: keep(page.posts) })),
    ],
    pageParams: data.pageParams,
  }
}

/** Every loaded post once, newest first (a post may sit on two pages after a merge). */
export function feedPosts(data: InfiniteData<PlazaFeedPage, unknown> | undefined): PlazaPost[] {
  const seen = new Set<string>()
  const posts: PlazaPost[] = []
  for (const page of data?.pages ?? []) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue
      seen.add(post.id)
      posts.push(post)
    }
  }
  return posts
}

/** Applies `change` to the post `postId` wherever it is loaded. */
export function updatePost(
  data: InfiniteData<PlazaFeedPage, unknown> | undefined,
  postId: string,
  change: (post: PlazaPost) => PlazaPost,
): InfiniteData<PlazaFeedPage, unknown> | undefined {
  if (!data) return data
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      posts: page.posts.map((post) => (post.id === postId ? change(post) : post)),
    })),
  }
}

/** Drops the post `postId` from every loaded page. */
export function removePost(
  data: InfiniteData<PlazaFeedPage, unknown> | undefined,
  postId: string,
): InfiniteData<PlazaFeedPage, unknown> | undefined {
  if (!data) return data
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      posts: page.posts.filter((post) => post.id !== postId),
    })),
  }
}
