import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './ui/button.tsx'

interface ErrorPageProps {
  status: number
  statusMessage: string
  description?: string
  actions?: ReactNode
}

/** Status code, status message and description (spec §2.2). */
export function ErrorPage({ status, statusMessage, description, actions }: ErrorPageProps) {
  const { t } = useTranslation(['common', 'errors'])
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center md:py-24">
      <p className="text-6xl font-bold tracking-tight text-primary tabular-nums md:text-7xl">
        <span className="sr-only">{t('errors:page.statusCode', { status })}</span>
        <span aria-hidden="true">{status}</span>
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{statusMessage}</h1>
      {description && <p className="mt-3 wrap-anywhere text-muted-foreground">{description}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions}
        <Button asChild variant={actions ? 'outline' : 'primary'}>
          <Link to="/">{t('actions.backHome')}</Link>
        </Button>
      </div>
    </div>
  )
}

/** The 404 view: 'Page Not Found' unless told otherwise. */
export function NotFoundPage({ path }: { path?: string }) {
  const { t } = useTranslation(['common', 'errors'])
  return (
    <ErrorPage
      status={404}
      statusMessage={t('errors:page.notFound')}
      description={path ? t('errors:page.notFoundPath', { path }) : undefined}
    />
  )
}
