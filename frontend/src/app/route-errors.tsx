import { useLocation, type ErrorComponentProps } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ErrorPage, NotFoundPage } from '@/components/error-page.tsx'
import { Button } from '@/components/ui/button.tsx'
import { ApiError, httpStatusMessage } from '@/lib/api-client.ts'

/** Unknown route: 'Page not found: {path}' as a not-found error (spec §8). */
export function RouteNotFoundPage() {
  const { pathname } = useLocation()
  return <NotFoundPage path={pathname} />
}

/**
 * Errors thrown while loading or rendering a page: an API error shows its status and message,
 * anything else 500. (A missing page chunk has already been reloaded once, see
 * `installChunkErrorReload`; if it is still missing, it ends here.)
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation(['common', 'errors'])
  const retry = <Button onClick={reset}>{t('actions.retry')}</Button>
  if (error instanceof ApiError) {
    return (
      <ErrorPage
        status={error.status}
        statusMessage={httpStatusMessage(error.status)}
        description={error.message}
        actions={retry}
      />
    )
  }
  console.error(error)
  return (
    <ErrorPage
      status={500}
      statusMessage={t('errors:page.serverError')}
      description={t('errors:page.serverErrorDescription')}
      actions={retry}
    />
  )
}
