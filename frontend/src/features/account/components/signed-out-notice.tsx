import { UserRoundCog } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { useLoginDialog } from '@/lib/session.ts'

/** What an account page shows signed out: why, and the way to log in. */
export function SignedOutNotice() {
  const { t } = useTranslation('account')
  const loginDialog = useLoginDialog()
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:py-12">
      <Card className="flex flex-col items-start gap-4">
        <UserRoundCog aria-hidden="true" className="size-8 text-primary" />
        <div>
          <CardTitle>{t('signedOut.title')}</CardTitle>
          <CardDescription>{t('signedOut.body')}</CardDescription>
        </div>
        <Button onClick={loginDialog.openLogin}>{t('signedOut.action')}</Button>
      </Card>
    </div>
  )
}
