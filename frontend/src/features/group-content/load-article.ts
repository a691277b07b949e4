import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { ApiError } from '@/lib/api-client.ts'
import { loadNamespace } from '@/lib/i18n.ts'
import { preloadMarkdown } from '@/lib/markdown/lazy.ts'
import { articleQueryOptions } from './api/get-article.ts'

/**
 * The loader of an article's pages (display, edit): the messages and the article. One the server
 * does not know (or a draft the viewer may not see: also 404) is the not-found page (spec §2.1);
 * any other failure (members only, a server error) is the page's to show.
 */
export async function loadArticlePage(
  queryClient: QueryClient,
  groupId: string,
  articleId: string,
): Promise<void> {
  const article = queryClient
    .ensureQueryData(articleQueryOptions(groupId, articleId))
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) throw notFound()
    })
  // The body's Markdown renderer is its own chunk: fetched beside the article, not after it.
  preloadMarkdown()
  await Promise.all([loadNamespace('group-content'), article])
}
