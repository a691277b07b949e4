import { Link, useRouterState } from '@tanstack/react-router'
import { House, MessagesSquare, UserRound, UsersRound, type LucideIcon } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MeTabBadge } from '@/features/notifications/components/bell-slot.tsx'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { cn } from '@/lib/utils.ts'

type Tab = 'home' | 'plaza' | 'groups' | 'me'

/**
 * The tab a path belongs to, if any. Me is one's own pages: the profile (also by one's own id),
 * the account basics, the settings and the notifications; someone else's profile is nobody's tab.
 */
export function currentTab(pathname: string, userId: string | null): Tab | null {
  const path = pathname.replace(/\/+$/, '') || '/'
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`)
  if (path === '/') return 'home'
  if (under('/plaza')) return 'plaza'
  if (under('/group')) return 'groups'
  if (
    path === '/profile' ||
    under('/profile/system') ||
    (userId !== null && path === `/profile/${userId}`) ||
    under('/settings') ||
    path === '/notifications'
  ) {
    return 'me'
  }
  return null
}

const tabClasses = cn(
  'flex h-full min-h-11 w-full flex-col items-center justify-center gap-0.5 rounded-md text-xs font-medium text-muted-foreground transition-colors',
  'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset',
  'data-[current=true]:text-primary',
)

/**
 * The phone navigation (below 768 px, where the header shows no links): Home, Plaza, Groups
 * and Me at the bottom of the screen, above the home indicator. Me is the profile when signed
 * in and opens the login dialog when not. Hidden while a text field has the focus (the
 * on-screen keyboard is up), so it never sits on top of what is being typed.
 */
export function TabBar() {
  const { t } = useTranslation()
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const typing = useTextEntryFocused()
  const current = currentTab(pathname, user?.id ?? null)

  const tab = (
    id: Tab,
    to: '/' | '/plaza' | '/group' | '/profile',
    label: string,
    icon: LucideIcon,
    badge?: ReactNode,
  ) => (
    <Link
      to={to}
      // Marked by `current` alone: the router's own marking would also take Me for another
      // user's profile (a match below /profile).
      activeOptions={{ exact: true, includeSearch: false }}
      aria-current={current === id ? 'page' : undefined}
      data-current={current === id}
      className={tabClasses}
    >
      <TabContent icon={icon} label={label} badge={badge} />
    </Link>
  )

  return (
    <nav
      aria-label={t('phoneNav.label')}
      hidden={typing}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/85 md:hidden"
    >
      <ul className="mx-auto grid h-14 max-w-lg grid-cols-4 px-1">
        <li>{tab('home', '/', t('phoneNav.home'), House)}</li>
        <li>{tab('plaza', '/plaza', t('phoneNav.plaza'), MessagesSquare)}</li>
        <li>{tab('groups', '/group', t('phoneNav.groups'), UsersRound)}</li>
        <li>
          {user || !initialized ? (
            // Until the session is known, the profile page decides (it offers the login).
            tab('me', '/profile', t('phoneNav.me'), UserRound, <MeTabBadge />)
          ) : (
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={loginDialog.openLogin}
              data-current={current === 'me'}
              className={tabClasses}
            >
              <TabContent icon={UserRound} label={t('phoneNav.me')} />
            </button>
          )}
        </li>
      </ul>
    </nav>
  )
}

function TabContent({
  icon: Icon,
  label,
  badge,
}: {
  icon: LucideIcon
  label: ReactNode
  badge?: ReactNode
}) {
  return (
    <>
      <span className="relative">
        <Icon aria-hidden="true" className="size-5" />
        {badge}
      </span>
      <span className="max-w-full truncate px-1 leading-4">{label}</span>
    </>
  )
}

const TEXT_ENTRY =
  'textarea, select, [contenteditable=""], [contenteditable="true"], input:not([type="button"], [type="submit"], [type="reset"], [type="checkbox"], [type="radio"], [type="range"], [type="color"], [type="file"], [type="image"])'

/** How long after a press ends the bar waits to come back (the press's click comes first). */
export const RETURN_AFTER_PRESS_MS = 350

/**
 * Whether a field that brings up the on-screen keyboard has the focus. When a press (a tap, a
 * click) takes the focus from a field, the bar stays away until the press has ended and its
 * click been delivered: coming back at once, it would appear under the finger, over the button
 * that was tapped (right below the field), and take the tap's click itself.
 */
function useTextEntryFocused(): boolean {
  const [focused, setFocused] = useState(false)
  useEffect(() => {
    let pressed = false
    let waiting = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const inField = () => {
      const active = document.activeElement
      return active instanceof HTMLElement && active.matches(TEXT_ENTRY)
    }
    const update = () => {
      if (inField()) {
        waiting = false
        setFocused(true)
      } else if (pressed) {
        waiting = true
      } else if (!waiting) {
        setFocused(false)
      }
    }
    const press = () => {
      pressed = true
    }
    const release = () => {
      pressed = false
      if (!waiting) return
      clearTimeout(timer)
      timer = setTimeout(() => {
        waiting = false
        setFocused(inField())
      }, RETURN_AFTER_PRESS_MS)
    }
    // A field may have the focus before the bar mounts (a page that focuses its search box).
    update()
    document.addEventListener('focusin', update)
    document.addEventListener('focusout', update)
    document.addEventListener('pointerdown', press, true)
    document.addEventListener('pointerup', release, true)
    document.addEventListener('pointercancel', release, true)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('focusin', update)
      document.removeEventListener('focusout', update)
      document.removeEventListener('pointerdown', press, true)
      document.removeEventListener('pointerup', release, true)
      document.removeEventListener('pointercancel', release, true)
    }
  }, [])
  return focused
}
