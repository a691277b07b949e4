import { Link } from '@tanstack/react-router'
import { KeyRound, ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button, buttonVariants } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { ChangePasswordForm } from './change-password-form.tsx'
import { SessionList } from './session-list.tsx'

export function SecuritySettingsPage() {
  const { t } = useTranslation('auth')
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold md:text-3xl">{t('security.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('security.description')}</p>
      </header>
      {!initialized ? (
        <Spinner className="size-6 text-muted-foreground" />
      ) : user ? (
        <>
          <ChangePasswordForm />
          <SessionList />
          <Card className="flex flex-col items-start gap-3">
            <div>
              <CardTitle>{t('security.tokens.title')}</CardTitle>
              <CardDescription>{t('security.tokens.description')}</CardDescription>
            </div>
            <Link to="/developers/pat" className={buttonVariants({ variant: 'outline' })}>
              <KeyRound aria-hidden="true" />
              {t('security.tokens.link')}
            </Link>
          </Card>
        </>
      ) : (
        <Card className="flex flex-col items-start gap-4">
          <ShieldCheck aria-hidden="true" className="size-8 text-primary" />
          <div>
            <CardTitle>{t('security.signedOut.title')}</CardTitle>
            <CardDescription>{t('security.signedOut.body')}</CardDescription>
          </div>
          <Button onClick={loginDialog.openLogin}>{t('security.signedOut.action')}</Button>
        </Card>
      )}
    </div>
  )
}
