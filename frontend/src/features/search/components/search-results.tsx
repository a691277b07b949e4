import { useTranslation } from 'react-i18next'
import { PagedList } from '@/components/paged-list.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { TAB_FILTERS, useSearchResults } from '../search-query.ts'
import type { SearchParams, SearchTab } from '../search-params.ts'
import { HitCard } from './hit-card.tsx'

/**
 * One tab's results for `q`, newest first, a page at a time with "Load more". A query the server
 * refuses (400 `invalid_search`: only punctuation, too long, a bad district) shows its message in
 * the interface language, without a retry that would be refused again.
 */
export function SearchResults({
  tab,
  q,
  search,
}: {
  tab: SearchTab
  q: string
  search: SearchParams
}) {
  const { t } = useTranslation('search')
  const query = useSearchResults(tab, q, search)
  const hits = query.data?.pages.flatMap((page) => page.hits) ?? []
  if (query.isError && hits.length === 0 && query.error instanceof ApiError) {
    if (query.error.status === 400) return <Alert>{errorMessage(query.error)}</Alert>
  }
  const filtered = TAB_FILTERS[tab].some((filter) => search[filter])
  const empty = t(filtered ? 'results.emptyFiltered' : 'results.empty', { q })
  return (
    <PagedList
      query={query}
      itemCount={hits.length}
      texts={{
        loading: t('results.loading'),
        loadFailed: (message) => t('results.failed', { message }),
        retry: t('results.retry'),
        empty: `${empty} ${t('results.emptyHint')}`,
        loadMore: t('results.loadMore'),
      }}
    >
      <ul aria-label={t(`results.label.${tab}`)} className="grid gap-3">
        {hits.map((hit) => (
          <HitCard key={hit.id} tab={tab} hit={hit} />
        ))}
      </ul>
    </PagedList>
  )
}
