import { Link } from '@tanstack/react-router'
import { Heart, ImageIcon, MessageCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedList, type PagedQuery } from '@/components/paged-list.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { WithheldBadge } from '@/components/withheld-badge.tsx'
import { formatDate, parseTime } from '@/lib/format.ts'
import { useProfileArticles } from '../api/list-profile-articles.ts'
import { useProfileGroups } from '../api/list-profile-groups.ts'
import { useProfilePosts } from '../api/list-profile-posts.ts'

function dateOf(iso: string | null | undefined): string {
  const time = parseTime(iso)
  return time === null ? '' : formatDate(time)
}

/** One of the profile's lists, labelled, in the shared paged list's states. */
function ProfileList({
  query,
  label,
  empty,
  count,
  children,
}: {
  query: PagedQuery
  label: string
  empty: string
  count: number
  children: ReactNode
}) {
  const { t } = useTranslation('profiles')
  return (
    <PagedList
      query={query}
      itemCount={count}
      texts={{
        loading: t('loading'),
        loadFailed: (message) => t('loadFailed', { message }),
        retry: t('retry'),
        empty,
        loadMore: t('loadMore'),
      }}
    >
      <ul aria-label={label} className="grid gap-3">
        {children}
      </ul>
    </PagedList>
  )
}

/** The person's groups the asker may read, with the person's role in each. */
export function ProfileGroups({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles')
  const query = useProfileGroups(userId)
  const rows = query.data?.pages.flatMap((page) => page.groups) ?? []
  return (
    <ProfileList
      query={query}
      label={t('lists.groups')}
      empty={t('empty.groups')}
      count={rows.length}
    >
      {rows.map((row) => (
        <li key={row.group.id} className="rounded-xl border bg-card p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to="/group/$groupId"
              params={{ groupId: row.group.id }}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {row.group.name}
            </Link>
            <Badge tone={row.group.visibility === 'private' ? 'warning' : 'neutral'}>
              {t(`groupVisibility.${row.group.visibility}`)}
            </Badge>
            <Badge tone="info">{t(`groupRole.${row.role}`)}</Badge>
          </div>
          {row.group.description && (
            <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">
              {row.group.description}
            </p>
          )}
        </li>
      ))}
    </ProfileList>
  )
}

/** The person's plaza posts, newest first. */
export function ProfilePosts({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles')
  const query = useProfilePosts(userId)
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? []
  return (
    <ProfileList
      query={query}
      label={t('lists.posts')}
      empty={t('empty.posts')}
      count={posts.length}
    >
      {posts.map((post) => (
        <li key={post.id} className="rounded-xl border bg-card p-4">
          <article aria-label={t('posted', { date: dateOf(post.createdAt) })}>
            <WithheldBadge withheld={post.withheld} className="mb-2" />
            <p className="wrap-anywhere whitespace-pre-wrap">{post.body}</p>
            <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <time dateTime={post.createdAt}>{t('posted', { date: dateOf(post.createdAt) })}</time>
              {post.images.length > 0 && (
                <span className="inline-flex items-center gap-1">
                  <ImageIcon aria-hidden="true" className="size-4" />
                  {t('images', { count: post.images.length })}
                </span>
              )}
              <span className="inline-flex items-center gap-1">
                <Heart aria-hidden="true" className="size-4" />
                {t('likes', { count: post.likeCount })}
              </span>
              <span className="inline-flex items-center gap-1">
                <MessageCircle aria-hidden="true" className="size-4" />
                {t('comments', { count: post.commentCount })}
              </span>
            </p>
          </article>
        </li>
      ))}
    </ProfileList>
  )
}

/** The person's published articles in groups the asker may read. */
export function ProfileArticles({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles')
  const query = useProfileArticles(userId)
  const rows = query.data?.pages.flatMap((page) => page.articles) ?? []
  return (
    <ProfileList
      query={query}
      label={t('lists.articles')}
      empty={t('empty.articles')}
      count={rows.length}
    >
      {rows.map(({ article, groupName }) => (
        <li key={article.id} className="rounded-xl border bg-card p-4">
          <Link
            to="/group/$groupId/article/$articleId/display"
            params={{ groupId: article.groupId, articleId: article.id }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {article.title}
          </Link>
          <WithheldBadge withheld={article.withheld} className="mt-1" />
          {article.excerpt && (
            <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{article.excerpt}</p>
          )}
          <p className="mt-2 text-xs text-muted-foreground">
            {t('inGroup', { group: groupName })} ·{' '}
            {t('published', { date: dateOf(article.publishedAt) })}
            {article.replyCount > 0 && <> · {t('replies', { count: article.replyCount })}</>}
          </p>
        </li>
      ))}
    </ProfileList>
  )
}
