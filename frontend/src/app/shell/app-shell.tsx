import { Outlet, useMatches } from '@tanstack/react-router'
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
import { ReauthDialogHost } from './reauth-dialog-host.tsx'
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
    <div className="flex min-h-dvh flex-col">
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
          <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground">{t('footer')}</p>
        </footer>
      )}
      <Toaster />
      <ConfirmDialogHost />
      <LoginDialogHost />
      <ReauthDialogHost />
      <AiAssistantHost />
    </div>
  )
}
