import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { groupKey } from '@/lib/api/get-group.ts'
import type { Article } from '@/lib/api/types.ts'
import { contentKeys } from './keys.ts'
import type { RepliesPage, Reply } from './list-replies.ts'

type Pages = InfiniteData<RepliesPage, string | null>

/** What a reply, a deletion or a lock changed about an article's thread. */
interface ThreadChange {
  /** Replies added (1) or taken away (-1). */
  delta?: number
  /** The thread as the server answered it (a lock). */
  thread?: { replyCount: number; repliesLocked: boolean }
  /** The replies' pages, changed. */
  pages?: (pages: Pages) => Pages
}

/**
 * Keeps the article's `replyCount`/`repliesLocked` and its loaded replies in step after a
 * reply, a deletion or a lock, then has the lists showing the count (the group's articles and
 * home) fetched again.
 */
export function changeThread(
  queryClient: QueryClient,
  groupId: string,
  articleId: string,
  { delta = 0, thread, pages }: ThreadChange,
) {
  const apply = <T extends { replyCount: number; repliesLocked: boolean }>(value: T): T =>
    thread
      ? { ...value, ...thread }
      : { ...value, replyCount: Math.max(0, value.replyCount + delta) }
  queryClient.setQueryData<Article>(contentKeys.article(groupId, articleId), (article) =>
    article ? apply(article) : article,
  )
  queryClient.setQueryData<Pages>(contentKeys.replies(groupId, articleId), (data) => {
    if (!data) return data
    const changed = pages ? pages(data) : data
    return { ...changed, pages: changed.pages.map(apply) }
  })
  void queryClient.invalidateQueries({ queryKey: contentKeys.published(groupId) })
  void queryClient.invalidateQueries({ queryKey: groupKey(groupId), exact: true })
}

/** Adds a new reply after the last loaded one, if the last page is loaded (newest last). */
export function appendReply(reply: Reply) {
  return (data: Pages): Pages => {
    const last = data.pages.length - 1
    if (last < 0 || data.pages[last]?.nextCursor) return data
    return {
      ...data,
      pages: data.pages.map((page, index) =>
        index === last ? { ...page, replies: [...page.replies, reply] } : page,
      ),
    }
  }
}

/** Shows a reply as the server answered it (an edit), where it is loaded. */
export function replaceReply(changed: Reply) {
  return (data: Pages): Pages => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      replies: page.replies.map((reply) => (reply.id === changed.id ? changed : reply)),
    })),
  })
}

/** Takes a deleted reply out, and shows the replies quoting it as quoting a deleted one. */
export function removeReply(replyId: string) {
  return (data: Pages): Pages => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      replies: page.replies
        .filter((reply) => reply.id !== replyId)
        .map((reply) =>
          reply.quote?.id === replyId
            ? { ...reply, quote: { id: replyId, deleted: true, author: null, excerpt: null } }
            : reply,
        ),
    })),
  })
}
