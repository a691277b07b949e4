import { Link } from '@tanstack/react-router'
import { ChevronRight, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Group } from '@/lib/api/types.ts'
import { HOME_GROUPS, usePublicGroups } from '../api/list-public-groups.ts'
import { cardLinkClass, emptyActionClass, moreLinkClass, skeletonClass } from './card-link.ts'
import { EmptyState, HomeSection, SectionError } from './section.tsx'
import { Thumbnail } from './thumbnail.tsx'

const listClass = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-1'

/** Every card and its skeleton: one height (a name, the members, two lines of description). */
const tileClass = 'flex h-full min-h-28 items-center gap-3 p-3'

/** A few public groups, newest first, each a link to its page. */
export function PublicGroups({ className }: { className?: string }) {
  const { t } = useTranslation('home')
  const groups = usePublicGroups()
  return (
    <HomeSection
      id="home-groups"
      title={t('groups.title')}
      busy={groups.isPending}
      className={className}
      more={
        <Link to="/group" className={moreLinkClass}>
          {t('groups.all')}
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Link>
      }
    >
      {groups.isPending ? (
        <ul aria-hidden="true" className={listClass}>
          {Array.from({ length: HOME_GROUPS }, (_, i) => (
            <li key={i}>
              <GroupSkeleton />
            </li>
          ))}
        </ul>
      ) : groups.isError ? (
        <SectionError message={t('groups.failed')} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <EmptyState
          action={
            <Link to="/group" className={emptyActionClass}>
              {t('groups.emptyAction')}
            </Link>
          }
        >
          {t('groups.empty')}
        </EmptyState>
      ) : (
        <ul className={listClass}>
          {groups.data.map((group) => (
            <li key={group.id} className="min-w-0">
              <GroupTile group={group} />
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  )
}

function GroupTile({ group }: { group: Group }) {
  const { t } = useTranslation('home')
  const cover = group.coverThumbnailUrl ?? group.coverUrl
  return (
    <Link
      to="/group/$groupId"
      params={{ groupId: group.id }}
      className={`${cardLinkClass} ${tileClass}`}
    >
      {cover ? (
        <Thumbnail src={cover} size={80} className="size-20 rounded-lg" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-linear-to-br from-success-soft via-info-soft to-muted text-2xl font-semibold text-primary/70"
        >
          {([...group.name.trim()][0] ?? '').toUpperCase()}
        </span>
      )}
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate leading-6 font-medium">{group.name}</span>
        <span className="inline-flex items-center gap-1 text-xs leading-4 text-muted-foreground">
          <Users aria-hidden="true" className="size-3.5 shrink-0" />
          {t('groups.members', { count: group.memberCount })}
        </span>
        <span className="mt-1 line-clamp-2 h-10 text-sm leading-5 wrap-anywhere text-muted-foreground">
          {group.description}
        </span>
      </div>
    </Link>
  )
}

function GroupSkeleton() {
  return (
    <div className={`rounded-xl border bg-card ${tileClass}`}>
      <span className={`size-20 shrink-0 rounded-lg ${skeletonClass}`} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex h-6 items-center">
          <span className={`h-4 w-32 ${skeletonClass}`} />
        </span>
        <span className={`h-4 w-20 ${skeletonClass}`} />
        <span className="mt-1 grid h-10 content-start gap-1.5 pt-0.5">
          <span className={`h-3.5 w-full ${skeletonClass}`} />
          <span className={`h-3.5 w-3/4 ${skeletonClass}`} />
        </span>
      </div>
    </div>
  )
}
