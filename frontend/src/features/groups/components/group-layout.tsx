import { Link, Outlet, useRouterState } from '@tanstack/react-router'
import { Users } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { NotFoundPage } from '@/components/error-page.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useSession } from '@/lib/session.ts'
import { ReportButton } from '@/components/report-action.tsx'
import type { Group } from '@/lib/api/types.ts'
import { cn } from '@/lib/utils.ts'
import { useGroupHome } from '../api/get-group-home.ts'
import { groupSection, type GroupSection } from '../group-section.ts'
import { MembershipBadge, PolicyBadge, VisibilityBadge } from './group-badges.tsx'
import { GroupCover } from './group-cover.tsx'
import { MembersOnlyPanel } from './members-only-panel.tsx'
import { MembershipAction } from './membership-action.tsx'
import { TransferOfferCard } from './transfer-offer.tsx'

/**
 * The frame of every group page (`/group/{id}` and below): the group's header with the
 * viewer's join or leave button, the sections as tabs, then the page. Pages of a private group
 * that the viewer may not read (articles, gallery, members: the API answers 403 `members_only`)
 * are replaced by a "members only" panel with the way in; the home, the join page and settings
 * (which say for themselves who may use them) always show.
 */
export function GroupLayout({ groupId }: { groupId: string }) {
  const { t } = useTranslation('groups')
  const home = useGroupHome(groupId)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const section = groupSection(groupId, pathname)

  if (home.isPending) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label={t('loading')}>
        <Spinner className="size-6 text-muted-foreground" />
      </div>
    )
  }
  if (home.isError) {
    if (home.error instanceof ApiError && home.error.status === 404) {
      return <NotFoundPage path={pathname} />
    }
    throw home.error
  }
  const { group } = home.data
  const gated =
    !group.canRead && (section === 'articles' || section === 'gallery' || section === 'members')
  // The members-only panel (home or a gated section) carries the way in itself.
  const panel =
    !group.canRead && section !== 'join' && section !== 'settings' && section !== 'reports'

  return (
    <div className="mx-auto max-w-6xl px-4 pb-12 md:pt-6">
      <GroupHeader
        group={group}
        // The cover and description on the home and join pages; a compact header elsewhere,
        // so a section's own content starts near the top (on a phone above all).
        compact={section !== 'home' && section !== 'join'}
        showAction={section !== 'join' && !panel}
      />
      {/* The owner's offer of the group, for the member it is made to (nobody else has it). */}
      <TransferOfferCard group={group} />
      {group.canRead && <GroupTabs group={group} section={section} />}
      <div className="pt-6">{gated ? <MembersOnlyPanel group={group} /> : <Outlet />}</div>
    </div>
  )
}

function GroupHeader({
  group,
  compact,
  showAction,
}: {
  group: Group
  compact: boolean
  showAction: boolean
}) {
  const { t } = useTranslation('groups')
  const { user } = useSession()
  const facts = (
    <div className="mt-2 flex flex-wrap items-center gap-1.5">
      <span className="me-1 inline-flex items-center gap-1 text-sm text-muted-foreground">
        <Users aria-hidden="true" className="size-4" />
        {t('memberCount', { count: group.memberCount })}
      </span>
      <VisibilityBadge group={group} />
      <PolicyBadge group={group} />
      <MembershipBadge membership={group.membership} />
    </div>
  )
  const action = showAction && (
    <div className="flex shrink-0 flex-wrap gap-2">
      <MembershipAction group={group} />
      {user && user.id !== group.ownerId && (
        <ReportButton subject={{ kind: 'group', id: group.id }} withLabel />
      )}
    </div>
  )

  if (compact) {
    return (
      <header className="flex flex-col gap-4 pt-5 md:flex-row md:items-center md:justify-between md:pt-0">
        <div className="flex min-w-0 items-center gap-4">
          <GroupCover
            group={group}
            size="card"
            className="size-14 shrink-0 overflow-hidden rounded-xl md:size-16"
          />
          <div className="min-w-0">
            <h1 className="text-xl font-semibold wrap-anywhere md:text-2xl">{group.name}</h1>
            {facts}
          </div>
        </div>
        {action}
      </header>
    )
  }

  return (
    <header className="-mx-4 md:mx-0">
      <GroupCover group={group} size="banner" className="h-32 w-full md:h-52 md:rounded-xl" />
      <div className="flex flex-col gap-4 px-4 pt-4 md:flex-row md:items-start md:justify-between md:px-0 md:pt-5">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold wrap-anywhere md:text-3xl">{group.name}</h1>
          {facts}
          {group.description && (
            <p className="mt-3 max-w-3xl wrap-anywhere whitespace-pre-line text-muted-foreground">
              {group.description}
            </p>
          )}
        </div>
        {action}
      </div>
    </header>
  )
}

const TABS = [
  { section: 'home', to: '/group/$groupId' },
  { section: 'articles', to: '/group/$groupId/articles' },
  { section: 'gallery', to: '/group/$groupId/gallery' },
  { section: 'members', to: '/group/$groupId/members' },
  { section: 'settings', to: '/group/$groupId/settings' },
  { section: 'reports', to: '/group/$groupId/reports' },
] as const

/** The group's sections; on phones a row that scrolls sideways with the current one in view. */
function GroupTabs({ group, section }: { group: Group; section: GroupSection }) {
  const { t } = useTranslation('groups')
  const navRef = useRef<HTMLElement>(null)

  useEffect(() => {
    const nav = navRef.current
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return
    const navBox = nav.getBoundingClientRect()
    const activeBox = active.getBoundingClientRect()
    nav.scrollLeft += activeBox.left - navBox.left - (navBox.width - activeBox.width) / 2
  }, [section])

  return (
    <nav
      ref={navRef}
      aria-label={t('tabs.label')}
      className="-mx-4 mt-5 flex gap-1 overflow-x-auto border-b px-4 [scrollbar-width:none] md:mx-0 md:px-0"
    >
      {TABS.filter(
        (tab) => (tab.section !== 'settings' && tab.section !== 'reports') || group.canManage,
      ).map((tab) => {
        const current = tab.section === section
        return (
          <Link
            key={tab.section}
            to={tab.to}
            params={{ groupId: group.id }}
            // Articles stays current on an article's own pages; the router only knows exact paths.
            activeOptions={{ exact: true }}
            activeProps={{}}
            aria-current={current ? 'page' : undefined}
            className={cn(
              '-mb-px inline-flex min-h-11 shrink-0 items-center border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              current
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
            )}
          >
            {t(`tabs.${tab.section}`)}
          </Link>
        )
      })}
    </nav>
  )
}
