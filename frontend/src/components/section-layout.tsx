import { Link, Outlet, useRouter, useRouterState, type LinkProps } from '@tanstack/react-router'
import { Check, ChevronRight, ChevronsUpDown, type LucideIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '@/components/ui/modal.tsx'
import { NARROW_QUERY, useMediaQuery } from '@/lib/media-query.ts'
import { cn } from '@/lib/utils.ts'

interface SectionNavItem {
  to: NonNullable<LinkProps['to']>
  /** Shown as is: the caller translates it. */
  label: string
  icon: LucideIcon
  /** Active only on exactly this path; otherwise also on the paths below it. */
  exact?: boolean
}

/** The item `pathname` is on: an exact match, else the longest item the path lies below. */
export function currentSectionItem<T extends SectionNavItem>(
  items: readonly T[],
  pathname: string,
): T | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  let best: T | undefined
  for (const item of items) {
    const to = String(item.to)
    const matches = path === to || (!item.exact && path.startsWith(`${to}/`))
    if (matches && (!best || to.length > String(best.to).length)) best = item
  }
  return best
}

const sideLinkClasses =
  'flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[status=active]:bg-accent data-[status=active]:text-foreground'

/**
 * The frame of a section with its own pages (the admin console, the developer portal). Desktop
 * (≥ 768 px): a side navigation beside the page. Phone: a bar under the header naming the
 * current page, which opens a sheet listing every page of the section (the current one marked).
 * With `indexMenu`, the section's first page starts with that list on phones instead, so every
 * page is one tap from it (the admin console: nine pages, its overview links only some).
 */
export function SectionLayout({
  title,
  navLabel,
  items,
  indexMenu = false,
}: {
  title: string
  navLabel: string
  items: readonly SectionNavItem[]
  indexMenu?: boolean
}) {
  // The page on screen: while the next one loads, the bar still names the one shown.
  const pathname = useRouterState({
    select: (state) => (state.resolvedLocation ?? state.location).pathname,
  })
  const current = currentSectionItem(items, pathname)
  const onIndex = current !== undefined && current === items[0]
  // Rendered only where it shows: a second landmark of the same name would be one too many.
  const narrow = useMediaQuery(NARROW_QUERY)

  return (
    <div className="mx-auto max-w-6xl px-4 pb-12 md:grid md:grid-cols-[12.5rem_minmax(0,1fr)] md:gap-8 md:py-10">
      <aside className="-mx-4 border-b bg-background md:mx-0 md:border-b-0">
        <div className="hidden md:block">
          <p className="px-3 pb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {title}
          </p>
          <nav aria-label={navLabel} className="sticky top-20 flex flex-col gap-1">
            {items.map(({ to, label, icon: Icon, exact }) => (
              <Link
                key={to}
                to={to}
                activeOptions={{ exact: exact ?? false }}
                className={sideLinkClasses}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            ))}
          </nav>
        </div>
        <div className="md:hidden">
          {indexMenu && onIndex && narrow ? (
            <PhoneMenu title={title} navLabel={navLabel} items={items} current={current} />
          ) : (
            <PhoneSections title={title} navLabel={navLabel} items={items} current={current} />
          )}
        </div>
      </aside>
      <div className="min-w-0 pt-6 md:pt-0">
        <Outlet />
      </div>
    </div>
  )
}

interface PhoneNavProps {
  title: string
  navLabel: string
  items: readonly SectionNavItem[]
  current: SectionNavItem | undefined
}

/**
 * The bar under the header on phones and its sheet. Any step in the router's history closes the
 * sheet: a tap on another page (its links `replace` the sheet's own history entry, so Back
 * then returns to the page the sheet was opened on, with no stale entry to step over), and Back.
 */
function PhoneSections({ title, navLabel, items, current }: PhoneNavProps) {
  const { t } = useTranslation()
  const router = useRouter()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (!open) return
    return router.history.subscribe(() => setOpen(false))
  }, [open, router])
  const CurrentIcon = current?.icon
  const close = () => setOpen(false)

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="flex min-h-12 w-full items-center gap-3 px-4 py-1.5 text-start hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset"
      >
        {CurrentIcon && <CurrentIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />}
        <span className="grid min-w-0 flex-1 leading-tight">
          <span className="truncate text-xs text-muted-foreground">{title}</span>
          <span className="truncate text-sm font-medium">{current?.label}</span>
        </span>
        <span className="flex shrink-0 items-center gap-1 text-sm text-muted-foreground">
          {t('phoneNav.sections.all')}
          <ChevronsUpDown aria-hidden="true" className="size-4" />
        </span>
      </button>
      <Modal
        open={open}
        onClose={close}
        title={title}
        description={t('phoneNav.sections.description')}
      >
        <nav aria-label={navLabel}>
          <SectionList items={items} current={current} replace onCurrent={close} />
        </nav>
      </Modal>
    </>
  )
}

/** The section's first page on a phone, with `indexMenu`: every page of the section, listed. */
function PhoneMenu({ title, navLabel, items, current }: PhoneNavProps) {
  return (
    <nav aria-label={navLabel} className="px-4 pt-4 pb-4">
      <p className="pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </p>
      <SectionList items={items} current={current} />
    </nav>
  )
}

function SectionList({
  items,
  current,
  replace = false,
  onCurrent,
}: {
  items: readonly SectionNavItem[]
  current: SectionNavItem | undefined
  replace?: boolean
  /** A tap on the page that is already shown. */
  onCurrent?: () => void
}) {
  return (
    <ul className="divide-y overflow-hidden rounded-lg border bg-card text-card-foreground">
      {items.map((item) => {
        const { to, label, icon: Icon } = item
        const isCurrent = item === current
        return (
          <li key={to}>
            <Link
              to={to}
              replace={replace}
              // Marked by `current` alone (the router would also mark a parent page's entry).
              activeOptions={{ exact: true }}
              aria-current={isCurrent ? 'page' : undefined}
              onClick={(event) => {
                if (!isCurrent || !onCurrent) return
                event.preventDefault()
                onCurrent()
              }}
              className={cn(
                'flex min-h-12 items-center gap-3 px-4 py-3 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset',
                isCurrent && 'bg-accent text-primary',
              )}
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1 truncate">{label}</span>
              {isCurrent ? (
                <Check aria-hidden="true" className="size-4 shrink-0" />
              ) : (
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground rtl:rotate-180"
                />
              )}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
