import { Link } from '@tanstack/react-router'
import { MapPin, MessageSquareQuote, UsersRound } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { UserAvatar } from '@/components/ui/avatar.tsx'
import { formatDate, formatDateTime, formatRelative, parseTime } from '@/lib/format.ts'
import { displayLanguage } from '@/lib/i18n.ts'
import { personName } from '@/lib/person.ts'
import { userInitials } from '@/lib/user.ts'
import { cn } from '@/lib/utils.ts'
import type { SearchHit } from '../api/results.ts'
import type { SearchTab } from '../search-params.ts'
import { Highlighted } from './highlighted.tsx'

/** The hit's own link: at least 44 px tall on a phone, its text wrapping anywhere. */
const MAIN_LINK =
  'flex items-center rounded-sm wrap-anywhere underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none max-md:min-h-11'

/** "5 minutes ago", the full date and time on hover and for machines. */
function HitTime({ at }: { at: string }) {
  // The time the list was shown: results are a snapshot, not a live feed.
  const [now] = useState(() => Date.now())
  const time = parseTime(at)
  return (
    <time dateTime={at} title={formatDateTime(at)} className="shrink-0">
      {time === null ? at : formatRelative(Math.min(time, now), now)}
    </time>
  )
}

/** The author's avatar and name, a link to their profile (44 px tall on a phone). */
function Author({ person }: { person: SearchHit['author'] }) {
  return (
    <Link
      to="/profile/$userId"
      params={{ userId: person.id }}
      className="inline-flex min-w-0 items-center gap-2 rounded-sm font-medium text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none max-md:min-h-11"
    >
      <UserAvatar src={person.avatarUrl} initials={userInitials(person)} />
      <span className="truncate">{personName(person)}</span>
    </Link>
  )
}

/** Author · time · where (a group, a district). */
function Byline({ hit, children }: { hit: SearchHit; children?: ReactNode }) {
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <Author person={hit.author} />
      <span aria-hidden="true">·</span>
      <HitTime at={hit.createdAt} />
      {children}
    </p>
  )
}

function Excerpt({ hit, className }: { hit: SearchHit; className?: string }) {
  if (hit.excerpt.length === 0) return null
  return (
    <p className={className ?? 'text-sm wrap-anywhere text-muted-foreground'}>
      <Highlighted segments={hit.excerpt} />
    </p>
  )
}

function Where({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1 wrap-anywhere [&_svg]:size-3.5 [&_svg]:shrink-0">
      {icon}
      {children}
    </span>
  )
}

function PostHit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search')
  const district = hit.district
  return (
    <>
      <Byline hit={hit}>
        {district && (
          <Where icon={<MapPin aria-hidden="true" />}>
            <span className="sr-only">{t('hit.district')} </span>
            {displayLanguage() === 'zh' ? district.nameZh : district.nameEn}
          </Where>
        )}
      </Byline>
      <Link to="/plaza/post/$postId" params={{ postId: hit.id }} className={MAIN_LINK}>
        <span className="min-w-0 whitespace-pre-line">
          <Highlighted segments={hit.excerpt} />
        </span>
      </Link>
    </>
  )
}

function ArticleHit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search')
  const title = hit.title ? <Highlighted segments={hit.title} /> : null
  return (
    <>
      {hit.group ? (
        <Link
          to="/group/$groupId/article/$articleId/display"
          params={{ groupId: hit.group.id, articleId: hit.id }}
          className={cn(MAIN_LINK, 'text-lg font-semibold text-primary')}
        >
          <span className="min-w-0">{title}</span>
        </Link>
      ) : (
        <p className="text-lg font-semibold wrap-anywhere">{title}</p>
      )}
      <Excerpt hit={hit} />
      <Byline hit={hit}>
        {hit.group && (
          <Where icon={<UsersRound aria-hidden="true" />}>
            {t('hit.inGroup', { group: hit.group.name })}
          </Where>
        )}
      </Byline>
    </>
  )
}

function ReplyHit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search')
  const { article, group } = hit
  const text = (
    <span className="min-w-0">
      <Highlighted segments={hit.excerpt} />
    </span>
  )
  return (
    <>
      <Byline hit={hit} />
      {article && group ? (
        <Link
          to="/group/$groupId/article/$articleId/display"
          params={{ groupId: group.id, articleId: article.id }}
          hash={`reply-${hit.id}`}
          className={MAIN_LINK}
        >
          {text}
        </Link>
      ) : (
        <p className="wrap-anywhere">{text}</p>
      )}
      <p className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        {article && (
          <Where icon={<MessageSquareQuote aria-hidden="true" />}>
            {t('hit.replyTo', { title: article.name })}
          </Where>
        )}
        {group && (
          <Where icon={<UsersRound aria-hidden="true" />}>
            {t('hit.inGroup', { group: group.name })}
          </Where>
        )}
      </p>
    </>
  )
}

function GroupHit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search')
  const created = parseTime(hit.createdAt)
  return (
    <>
      <Link
        to="/group/$groupId"
        params={{ groupId: hit.id }}
        className={cn(MAIN_LINK, 'text-lg font-semibold text-primary')}
      >
        <span className="min-w-0">{hit.title && <Highlighted segments={hit.title} />}</span>
      </Link>
      <Excerpt hit={hit} />
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <span>{t('hit.owner', { name: personName(hit.author) })}</span>
        {created !== null && (
          <>
            <span aria-hidden="true">·</span>
            <time dateTime={hit.createdAt}>{t('hit.created', { date: formatDate(created) })}</time>
          </>
        )}
      </p>
    </>
  )
}

function PersonHit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search')
  const person = hit.author
  const joined = parseTime(hit.createdAt)
  const hasTitle = hit.title?.some((segment) => segment.text.trim()) ?? false
  return (
    <>
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar src={person.avatarUrl} initials={userInitials(person)} className="size-10" />
        <div className="grid min-w-0">
          <Link
            to="/profile/$userId"
            params={{ userId: hit.id }}
            className={cn(MAIN_LINK, 'font-semibold text-primary')}
          >
            <span className="min-w-0">
              {hasTitle && hit.title ? <Highlighted segments={hit.title} /> : personName(person)}
            </span>
          </Link>
          <span className="truncate text-sm text-muted-foreground">@{person.username}</span>
        </div>
      </div>
      <Excerpt hit={hit} className="text-sm wrap-anywhere whitespace-pre-line" />
      {joined !== null && (
        <p className="text-sm text-muted-foreground">
          <time dateTime={hit.createdAt}>{t('hit.joined', { date: formatDate(joined) })}</time>
        </p>
      )}
    </>
  )
}

const HITS: Record<SearchTab, (props: { hit: SearchHit }) => ReactNode> = {
  posts: PostHit,
  articles: ArticleHit,
  replies: ReplyHit,
  groups: GroupHit,
  people: PersonHit,
}

/** One result, as its kind shows it, with a link to where it lives. */
export function HitCard({ tab, hit }: { tab: SearchTab; hit: SearchHit }) {
  const Hit = HITS[tab]
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4">
      <Hit hit={hit} />
    </li>
  )
}
