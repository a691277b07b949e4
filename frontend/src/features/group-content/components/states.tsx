import { Link } from '@tanstack/react-router'
import { Lock, RotateCw, ShieldOff } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NotFoundPage } from '@/components/error-page.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { isNotFound } from '../errors.ts'

/** A state in place of a page's content: an icon, a title, a sentence and actions. */
function StateCard({
  icon,
  id,
  title,
  body,
  actions,
}: {
  icon: ReactNode
  id: string
  title: string
  body: string
  actions?: ReactNode
}) {
  return (
    <Card aria-labelledby={id} className="flex flex-col items-start gap-4">
      {icon}
      <div>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{body}</CardDescription>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </Card>
  )
}

/**
 * A private group's content seen from outside (the API's 403 `members_only`): join it, or log
 * in first.
 */
export function MembersOnly({ groupId }: { groupId: string }) {
  const { t } = useTranslation('group-content')
  const { user } = useSession()
  const { openLogin } = useLoginDialog()
  return (
    <StateCard
      id="group-content-members-only"
      icon={<Lock aria-hidden="true" className="size-8 text-primary" />}
      title={t('membersOnly.title')}
      body={t('membersOnly.body')}
      actions={
        user ? (
          <Button asChild>
            <Link to="/group/$groupId/join" params={{ groupId }}>
              {t('membersOnly.join')}
            </Link>
          </Button>
        ) : (
          <Button onClick={openLogin}>{t('membersOnly.login')}</Button>
        )
      }
    />
  )
}

/** An article the viewer may read but not edit (neither its author nor a group manager). */
export function NotAllowedToEdit({ groupId, articleId }: { groupId: string; articleId: string }) {
  const { t } = useTranslation('group-content')
  const { user } = useSession()
  const { openLogin } = useLoginDialog()
  return (
    <StateCard
      id="group-content-not-allowed"
      icon={<ShieldOff aria-hidden="true" className="size-8 text-warning" />}
      title={t('editor.notAllowed.title')}
      body={user ? t('editor.notAllowed.body') : t('editor.notAllowed.signedOut')}
      actions={
        <>
          {!user && <Button onClick={openLogin}>{t('membersOnly.login')}</Button>}
          <Button asChild variant={user ? 'primary' : 'outline'}>
            <Link to="/group/$groupId/article/$articleId/display" params={{ groupId, articleId }}>
              {t('editor.notAllowed.read')}
            </Link>
          </Button>
        </>
      }
    />
  )
}

export function Loading() {
  const { t } = useTranslation('group-content')
  return (
    <div role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
      <Spinner className="size-5" />
      <span>{t('loading')}</span>
    </div>
  )
}

/** A failed load: the server's message and a retry; 404 is the not-found page. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('group-content')
  if (isNotFound(error)) return <NotFoundPage />
  return (
    <Alert className="flex flex-wrap items-center justify-between gap-3">
      <span>{errorMessage(error)}</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('retry')}
      </Button>
    </Alert>
  )
}
