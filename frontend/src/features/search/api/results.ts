import { infiniteQueryOptions } from '@tanstack/react-query'
import type { ResponseBody } from '@/lib/api/types.ts'
import type { SearchTab } from '../search-params.ts'

/** A page of results, newest first: the same answer for every kind. */
export type SearchResults = ResponseBody<'/api/search/posts', 'get'>
export type SearchHit = SearchResults['hits'][number]
export type SearchSegment = SearchHit['excerpt'][number]

/** The filters sent with one kind's search (only those it takes, only those set). */
type SearchFilters = Readonly<Record<string, string | undefined>>

/**
 * Query keys of the search. What is found depends on who asks (a private group's content for
 * its members only), so they sit under the user-scoped `['auth', …]` prefix: signing in or out
 * drops them (`lib/session.ts`).
 */
export const searchKeys = {
  all: ['auth', 'search'] as const,
  results: (tab: SearchTab, filters: SearchFilters) => ['auth', 'search', tab, filters] as const,
}

/** A query string from the parameters that are set (`''` when none is). */
export function queryString(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value)
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** One kind's results, a cursor page at a time ("Load more"). */
export function resultsQueryOptions(
  tab: SearchTab,
  filters: SearchFilters,
  fetchPage: (cursor: string | null) => Promise<SearchResults>,
) {
  return infiniteQueryOptions({
    queryKey: searchKeys.results(tab, filters),
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page: SearchResults) => page.nextCursor ?? undefined,
  })
}
