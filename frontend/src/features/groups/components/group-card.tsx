import { Link } from '@tanstack/react-router'
import { Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Group } from '@/lib/api/types.ts'
import { MembershipBadge, PolicyBadge, VisibilityBadge } from './group-badges.tsx'
import { GroupCover } from './group-cover.tsx'

/** A group in a list: cover, name, description, members, badges; the whole card is the link. */
export function GroupCard({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  return (
    <article className="group/card relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-colors hover:border-primary/50 focus-within:ring-2 focus-within:ring-ring">
      <GroupCover group={group} size="card" className="h-24 w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold">
          <Link
            to="/group/$groupId"
            params={{ groupId: group.id }}
            // The link covers the card, so the whole card is one target.
            className="wrap-anywhere outline-none after:absolute after:inset-0 group-hover/card:text-primary"
          >
            {group.name}
          </Link>
        </h3>
        {group.description && (
          <p className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">
            {group.description}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-1.5 pt-2">
          <span className="me-1 inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Users aria-hidden="true" className="size-3.5" />
            {t('memberCount', { count: group.memberCount })}
          </span>
          <VisibilityBadge group={group} />
          <PolicyBadge group={group} />
          <MembershipBadge membership={group.membership} />
        </div>
      </div>
    </article>
  )
}
