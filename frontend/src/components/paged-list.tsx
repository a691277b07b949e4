import { RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { errorMessage } from '@/lib/api-client.ts'

/** The parts of a TanStack infinite query a paged list reads. */
export interface PagedQuery {
  isPending: boolean
  isError: boolean
  error: unknown
  refetch: () => unknown
  hasNextPage: boolean
  fetchNextPage: () => unknown
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
}

/** The list's words, from the page's own namespace. */
interface PagedListTexts {
  loading: string
  loadFailed: (message: string) => string
  retry: string
  empty: string
  loadMore: string
}

/** What a paged list shows. */
type ListView = 'loading' | 'error' | 'empty' | 'items'

export function listView(q: { isPending: boolean; isError: boolean; itemCount: number }): ListView {
  if (q.isPending) return 'loading'
  if (q.isError && q.itemCount === 0) return 'error'
  return q.itemCount === 0 ? 'empty' : 'items'
}

/**
 * A list loaded page by page (the admin gallery and audit log, a profile's lists): loading, a
 * failed first page with a retry, empty, the items (the caller's labelled list), and "load
 * more" with its own failure. `enabled` false (the filters are invalid, their error shown beside
 * them) shows neither loading nor empty.
 */
export function PagedList({
  query,
  itemCount,
  enabled = true,
  texts,
  children,
}: {
  query: PagedQuery
  itemCount: number
  enabled?: boolean
  texts: PagedListTexts
  children: ReactNode
}) {
  const view = listView({
    isPending: query.isPending && enabled,
    isError: query.isError,
    itemCount,
  })
  return (
    <div className="grid gap-4">
      {view === 'loading' && (
        <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
          <Spinner className="size-5" />
          {texts.loading}
        </p>
      )}
      {view === 'error' && (
        <Alert className="grid gap-2">
          <p>{texts.loadFailed(errorMessage(query.error))}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <RotateCw aria-hidden="true" />
              {texts.retry}
            </Button>
          </div>
        </Alert>
      )}
      {view === 'empty' && enabled && (
        <p className="rounded-xl border border-dashed p-6 text-sm text-muted-foreground">
          {texts.empty}
        </p>
      )}
      {view === 'items' && children}
      {query.hasNextPage && (
        <div className="flex flex-col items-center gap-2">
          {query.isFetchNextPageError && <Alert>{errorMessage(query.error)}</Alert>}
          <Button
            variant="outline"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {texts.loadMore}
          </Button>
        </div>
      )}
    </div>
  )
}
