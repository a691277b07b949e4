import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { useLoginDialog, useSession } from '@/lib/session.ts'

/**
 * The avatar menu's code (its links, icons and logout) is for signed-in users only, so it is not
 * in the initial JS: `main.tsx` starts loading it once the session says someone is signed in,
 * beside the messages, and until it is there the avatar's place shows the same placeholder as
 * while the session loads.
 */
export const loadUserMenu = () => import('./user-menu.tsx')
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })))

const placeholder = (
  <span aria-hidden="true" className="size-10 animate-pulse rounded-full bg-muted max-md:size-11" />
)

/** The login button, or the signed-in user's avatar menu (spec §2.2). */
export function AccountControl() {
  const { t } = useTranslation()
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()

  if (!initialized) return placeholder
  if (!user) {
    return (
      <Button size="sm" className="ms-1" onClick={loginDialog.openLogin}>
        {t('account.login')}
      </Button>
    )
  }
  return (
    <Suspense fallback={placeholder}>
      <UserMenu user={user} />
    </Suspense>
  )
}
