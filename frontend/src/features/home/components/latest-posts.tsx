import { Link } from '@tanstack/react-router'
import { ChevronRight, Heart, MessageCircle } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UserAvatar } from '@/components/ui/avatar.tsx'
import type { PlazaPost } from '@/lib/api/types.ts'
import { formatDateTime, formatNumber, formatRelative, parseTime } from '@/lib/format.ts'
import { userInitials } from '@/lib/user.ts'
import { LATEST_POSTS, useLatestPosts } from '../api/list-latest-posts.ts'
import { excerpt } from '../excerpt.ts'
import { cardLinkClass, emptyActionClass, moreLinkClass, skeletonClass } from './card-link.ts'
import { EmptyState, HomeSection, SectionError } from './section.tsx'
import { Thumbnail } from './thumbnail.tsx'

const listClass = 'grid gap-3 sm:grid-cols-2'

/** The plaza's newest posts, each a link to it on the plaza. */
export function LatestPosts({ className }: { className?: string }) {
  const { t } = useTranslation('home')
  const posts = useLatestPosts()
  return (
    <HomeSection
      id="home-posts"
      title={t('posts.title')}
      busy={posts.isPending}
      className={className}
      more={
        <Link to="/plaza" className={moreLinkClass}>
          {t('posts.all')}
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </Link>
      }
    >
      {posts.isPending ? (
        <ul aria-hidden="true" className={listClass}>
          {Array.from({ length: LATEST_POSTS }, (_, i) => (
            <li key={i}>
              <PostSkeleton />
            </li>
          ))}
        </ul>
      ) : posts.isError ? (
        <SectionError message={t('posts.failed')} onRetry={() => void posts.refetch()} />
      ) : posts.data.length === 0 ? (
        <EmptyState
          action={
            <Link to="/plaza" className={emptyActionClass}>
              {t('posts.emptyAction')}
            </Link>
          }
        >
          {t('posts.empty')}
        </EmptyState>
      ) : (
        <ul className={listClass}>
          {posts.data.map((post, i) => (
            <li key={post.id} className="min-w-0">
              <PostTile post={post} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  )
}

/** Every card and its skeleton: one height whatever the post says (three lines of text). */
const tileClass = 'flex h-full min-h-44 gap-3 p-4'

function PostTile({ post, priority }: { post: PlazaPost; priority: boolean }) {
  const { t } = useTranslation('home')
  const name = post.author.nickname.trim() || post.author.username
  const image = post.images[0]
  const text = excerpt(post.body)
  return (
    <Link
      to="/plaza/post/$postId"
      params={{ postId: post.id }}
      className={`${cardLinkClass} ${tileClass}`}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex h-8 min-w-0 items-center gap-2">
          <UserAvatar
            src={post.author.avatarUrl}
            initials={userInitials(post.author)}
            className="size-8 shrink-0"
          />
          <span className="grid min-w-0">
            <span className="truncate text-sm leading-4 font-medium">{name}</span>
            <PostedAt at={post.createdAt} />
          </span>
        </div>
        <p
          className={
            text
              ? 'line-clamp-3 h-18 text-sm leading-6 wrap-anywhere'
              : 'h-18 text-sm leading-6 text-muted-foreground italic'
          }
        >
          {text || t('posts.photosOnly', { count: post.images.length })}
        </p>
        <p className="mt-auto flex h-5 items-center gap-4 text-xs text-muted-foreground">
          <Count
            icon={Heart}
            value={post.likeCount}
            label={t('posts.likes', { count: post.likeCount })}
          />
          <Count
            icon={MessageCircle}
            value={post.commentCount}
            label={t('posts.comments', { count: post.commentCount })}
          />
        </p>
      </div>
      {image && (
        <Thumbnail
          src={image.thumbnailUrl}
          size={80}
          priority={priority}
          className="size-20 rounded-lg"
        />
      )}
    </Link>
  )
}

function Count({ icon: Icon, value, label }: { icon: typeof Heart; value: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Icon aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true" className="tabular-nums">
        {formatNumber(value)}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** "5 minutes ago", the full date and time on hover. */
function PostedAt({ at }: { at: string }) {
  const [now] = useState(() => Date.now())
  const time = parseTime(at)
  return (
    <time
      dateTime={at}
      title={formatDateTime(at)}
      className="truncate text-xs leading-4 text-muted-foreground"
    >
      {time === null ? at : formatRelative(Math.min(time, now), now)}
    </time>
  )
}

function PostSkeleton() {
  return (
    <div className={`rounded-xl border bg-card ${tileClass}`}>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex h-8 items-center gap-2">
          <span className={`size-8 shrink-0 rounded-full ${skeletonClass}`} />
          <span className="grid gap-1">
            <span className={`h-3 w-24 ${skeletonClass}`} />
            <span className={`h-3 w-16 ${skeletonClass}`} />
          </span>
        </div>
        <div className="grid h-18 content-start gap-2 pt-1">
          <span className={`h-4 w-full ${skeletonClass}`} />
          <span className={`h-4 w-5/6 ${skeletonClass}`} />
          <span className={`h-4 w-2/3 ${skeletonClass}`} />
        </div>
        <span className={`mt-auto h-5 w-20 ${skeletonClass}`} />
      </div>
      <span className={`size-20 shrink-0 rounded-lg ${skeletonClass}`} />
    </div>
  )
}
