import { Link, Outlet, useRouterState, type LinkProps } from '@tanstack/react-router'
import type { LucideIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'

export interface SectionNavItem {
  to: NonNullable<LinkProps['to']>
  /** Shown as is: the caller translates it. */
  label: string
  icon: LucideIcon
  /** Active only on exactly this path; otherwise also on the paths below it. */
  exact?: boolean
}

/**
 * The frame of a section with its own pages (the admin console, the developer portal): a side
 * navigation on desktop, a row of sideways-scrolling tabs under the header on phones (< 768 px)
 * with the current one scrolled into view, and the section's page (`<Outlet />`) beside it.
 */
export function SectionLayout({
  title,
  navLabel,
  items,
}: {
  title: string
  navLabel: string
  items: readonly SectionNavItem[]
}) {
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
          {title}
        </p>
        <nav
          ref={navRef}
          aria-label={navLabel}
          className="flex gap-1 overflow-x-auto px-4 py-2 [scrollbar-width:none] md:sticky md:top-20 md:flex-col md:overflow-visible md:p-0"
        >
          {items.map(({ to, label, icon: Icon, exact }) => (
            <Link
              key={to}
              to={to}
              activeOptions={{ exact: exact ?? false }}
              className="flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[status=active]:bg-accent data-[status=active]:text-foreground"
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
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
