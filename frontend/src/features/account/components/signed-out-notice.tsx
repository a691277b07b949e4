import { useTranslation } from 'react-i18next'
import { SignedOutNotice as Notice } from '@/components/signed-out-notice.tsx'

/** What an account page shows signed out. */
export function SignedOutNotice() {
  const { t } = useTranslation('account')
  return (
    <Notice
      title={t('signedOut.title')}
      body={t('signedOut.body')}
      action={t('signedOut.action')}
    />
  )
}
