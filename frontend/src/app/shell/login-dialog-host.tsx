import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { loadUserMenu } from './account-control.tsx'

const LoginDialog = lazy(() =>
  import('@/features/auth/components/login-dialog.tsx').then((module) => ({
    default: module.LoginDialog,
  })),
)

/**
 * Loads the login dialog's code the first time someone asks for it, and says why this browser
 * is signed out when the server told (an administrator disabled the account, issue 22).
 */
export function LoginDialogHost() {
  const { open, close } = useLoginDialog()
  const { signedOutReason } = useSession({ fetch: false })
  const { t } = useTranslation()
  const toast = useToast()
  useEffect(() => {
    if (signedOutReason === 'account_disabled') {
      toast.error(t('session.accountDisabled'))
    }
  }, [signedOutReason, t, toast])
  // Whoever signs in next sees the avatar menu, whose code is lazy: it loads while they type.
  useEffect(() => {
    if (open) loadUserMenu().catch(() => {})
  }, [open])
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <LoginDialog open onClose={close} />
    </Suspense>
  )
}
