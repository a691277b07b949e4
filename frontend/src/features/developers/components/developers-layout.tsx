import { Link, Outlet, useRouterState } from '@tanstack/react-router'
import { BookOpen, House, KeyRound, Palette, Wrench, type LucideIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

const NAV_ITEMS: ReadonlyArray<{
  to:
    | '/developers'
    | '/developers/api'
    | '/developers/pat'
    | '/developers/theme'
    | '/developers/tools'
  label: 'nav.overview' | 'nav.api' | 'nav.tokens' | 'nav.theme' | 'nav.tools'
  icon: LucideIcon
  exact?: boolean
}> = [
  { to: '/developers', label: 'nav.overview', icon: House, exact: true },
  { to: '/developers/api', label: 'nav.api', icon: BookOpen },
  { to: '/developers/pat', label: 'nav.tokens', icon: KeyRound },
  { to: '/developers/theme', label: 'nav.theme', icon: Palette },
  { to: '/developers/tools', label: 'nav.tools', icon: Wrench },
]

/**
 * The developer portal's frame: a side navigation on desktop, a row of scrollable tabs under
 * the header on phones (< 768 px), with the current one scrolled into view.
 */
export function DevelopersLayout() {
  const { t } = useTranslation('developers')
  const navRef = useRef<HTMLElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  useEffect(() => {
    const nav = navRef.current
    const active = nav?.querySelector<HTMLElement>('[data-status="active"]')
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return
    const navBox = nav.getBoundingClientRect()
    const activeBox = active.getBoundingClientRect()
    nav.scrollLeft += activeBox.left - navBox.left - (navBox.width - activeBox.width) / 2
  }, [pathname])

  return (
    <div className="mx-auto max-w-6xl px-4 pb-12 md:grid md:grid-cols-[12.5rem_minmax(0,1fr)] md:gap-8 md:py-10">
      <aside className="-mx-4 border-b bg-background md:mx-0 md:border-b-0">
        <p className="hidden px-3 pb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase md:block">
          {t('portal')}
        </p>
        <nav
          ref={navRef}
          aria-label={t('nav.label')}
          className="flex gap-1 overflow-x-auto px-4 py-2 [scrollbar-width:none] md:sticky md:top-20 md:flex-col md:overflow-visible md:p-0"
        >
          {NAV_ITEMS.map(({ to, label, icon: Icon, exact }) => (
            <Link
              key={to}
              to={to}
              activeOptions={{ exact: exact ?? false }}
              className="flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[status=active]:bg-accent data-[status=active]:text-foreground"
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(label)}
            </Link>
          ))}
        </nav>
      </aside>
      <div className="min-w-0 pt-6 md:pt-0">
        <Outlet />
      </div>
    </div>
  )
}
