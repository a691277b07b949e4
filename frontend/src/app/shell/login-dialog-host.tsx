import { lazy, Suspense } from 'react'
import { useLoginDialog } from '@/lib/session.ts'

const LoginDialog = lazy(() =>
  import('@/features/auth/components/login-dialog.tsx').then((module) => ({
    default: module.LoginDialog,
  })),
)

/** Loads the login dialog's code the first time someone asks for it. */
export function LoginDialogHost() {
  const { open, close } = useLoginDialog()
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <LoginDialog open onClose={close} />
    </Suspense>
  )
}
