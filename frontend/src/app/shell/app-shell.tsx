import { Link, Outlet, useMatches } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster } from '@/components/toaster.tsx'
import { useAppearanceSync } from '@/lib/appearance-sync.ts'
import { useColorModeSync } from '@/lib/color-mode.ts'
import { useSystemLanguageSync } from '@/lib/language-preference.ts'
import { navigateExternal } from '@/lib/navigation.ts'
import { useSession } from '@/lib/session.ts'
import { cn } from '@/lib/utils.ts'
import { AiAssistantHost } from './ai-assistant-host.tsx'
import { BuildUpdateBanner } from './build-update-banner.tsx'
import { ConfirmDialogHost } from './confirm-dialog-host.tsx'
import { Header } from './header.tsx'
import { LoginDialogHost } from './login-dialog-host.tsx'
import { PendingBar } from './pending-bar.tsx'
import { ReauthDialogHost } from './reauth-dialog-host.tsx'
import { TabBar } from './tab-bar.tsx'
import { useWechatCallbackError } from './wechat-callback-error.ts'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page alone, without header and footer (the UI kit's standalone examples). */
    bare?: boolean
  }
}

/** The application shell (spec §2.2): header, page, toasts, confirm, login and AI dialogs. */
export function AppShell() {
  const { t } = useTranslation()
  const { authUrl } = useSession()
  const bare = useMatches({
    // A page that failed (e.g. an unknown example: not found) is shown with the site around it.
    select: (matches) =>
      matches.some((match) => match.staticData.bare === true) &&
      !matches.some(
        (match) => match.error || match.status === 'error' || match.status === 'notFound',
      ),
  })
  useColorModeSync()
  useSystemLanguageSync()
  useAppearanceSync()
  useWechatCallbackError()

  // Spec §4.1: when the server answers with an authUrl, the browser goes there.
  useEffect(() => {
    if (authUrl) navigateExternal(authUrl)
  }, [authUrl])

  return (
    <div
      className={cn(
        'flex min-h-dvh flex-col',
        // Phones: the room the tab bar takes at the bottom (its 3.5 rem, its border and the
        // home indicator's inset). The page ends above it, and the toasts sit on top of it.
        !bare &&
          'pb-(--tab-bar-space) max-md:[--tab-bar-space:calc(3.5rem+1px+env(safe-area-inset-bottom))]',
      )}
    >
      <PendingBar />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('skipToContent')}
      </a>
      {!bare && <BuildUpdateBanner />}
      {!bare && <Header />}
      {/* At least a screen high, less the header (h-14): the footer starts below the fold, so
          a page that renders in steps never moves a footer someone sees (layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className={cn('flex-1 outline-none', !bare && 'min-h-[calc(100dvh-3.5rem)]')}
      >
        <Outlet />
      </main>
      {!bare && (
        <footer className="border-t">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-6 text-sm text-muted-foreground">
            <p>{t('footer')}</p>
            {/* The portal is no tab: on a phone, visitors find it here. */}
            <Link
              to="/developers"
              className="-my-3 inline-flex min-h-11 min-w-11 items-center rounded-md font-medium hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {t('phoneNav.developers')}
            </Link>
          </div>
        </footer>
      )}
      <Toaster />
      <ConfirmDialogHost />
      <LoginDialogHost />
      <ReauthDialogHost />
      <AiAssistantHost />
      {!bare && <TabBar />}
    </div>
  )
}
