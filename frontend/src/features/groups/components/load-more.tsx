import { RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { errorMessage } from '@/lib/api-client.ts'

/** What a paged list query offers its "load more" button. */
interface PagedQuery {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  error: unknown
  fetchNextPage: () => Promise<unknown>
}

/** "Load more" under a cursor-paged list, while the server has more. */
export function LoadMore({ query }: { query: PagedQuery }) {
  const { t } = useTranslation('groups')
  if (!query.hasNextPage) return null
  return (
    <div className="flex flex-col items-center gap-2">
      {query.isFetchNextPageError && <Alert>{errorMessage(query.error)}</Alert>}
      <Button
        variant="outline"
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {t('actions.loadMore')}
      </Button>
    </div>
  )
}

/** A list's first load: a spinner, or the failure with a retry button. */
export function ListState({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> }
  children: ReactNode
}) {
  const { t } = useTranslation('groups')
  if (query.isPending) {
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
        <Spinner className="size-5" />
        {t('loading')}
      </div>
    )
  }
  if (query.isError) {
    return (
      <Alert className="grid gap-2">
        <p>{t('loadFailed', { message: errorMessage(query.error) })}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden="true" />
            {t('actions.retry')}
          </Button>
        </div>
      </Alert>
    )
  }
  return children
}

/** An empty list: a dashed box with a sentence and, optionally, what to do. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-6">
      <p className="text-sm text-muted-foreground">{children}</p>
      {action}
    </div>
  )
}
