import { createFileRoute } from '@tanstack/react-router'
import { SearchPage } from '@/features/search/components/search-page.tsx'
import { validateSearchParams } from '@/features/search/search-params.ts'
import { searchQueryOptions } from '@/features/search/search-query.ts'
import { loadNamespace } from '@/lib/i18n.ts'

/** Search: posts, articles, replies, groups and people, with the search in the address. */
export const Route = createFileRoute('/search')({
  validateSearch: validateSearchParams,
  loaderDeps: ({ search }) => search,
  // The loader travels with the page chunk, so no search code but the address's rules reaches
  // the main bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context: { queryClient }, deps }) => {
    const q = deps.q?.trim()
    // Started, not awaited: a tab or a filter shows at once, its results as they come.
    if (q) void queryClient.prefetchInfiniteQuery(searchQueryOptions(deps.tab ?? 'posts', q, deps))
    await loadNamespace('search')
  },
  component: function SearchRoute() {
    return <SearchPage search={Route.useSearch()} />
  },
})
