import { Link } from '@tanstack/react-router'
import { ChevronRight, FileText, Images, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { WithheldBadge } from '@/components/withheld-badge.tsx'
import type { ArticleSummary, GalleryImage, GroupHome, Member } from '@/lib/api/types.ts'
import { formatDate, parseTime } from '@/lib/format.ts'
import { useGroupHome } from '../api/get-group-home.ts'
import { RoleBadge } from './group-badges.tsx'
import { EmptyState } from './load-more.tsx'
import { MembersOnlyPanel } from './members-only-panel.tsx'
import { PersonAvatar } from './person.tsx'
import { personName } from '@/lib/person.ts'

/** How many images and members the home previews (the server sends a few more or fewer). */
const GALLERY_PREVIEW = 6
const MEMBERS_PREVIEW = 8

/** `/group/{id}`: the latest articles, a look at the gallery and at the members. */
export function GroupHomePage({ groupId }: { groupId: string }) {
  const home = useGroupHome(groupId)
  if (!home.data) return null
  if (!home.data.group.canRead) return <MembersOnlyPanel group={home.data.group} />
  return <GroupHomeContent home={home.data} />
}

function GroupHomeContent({ home }: { home: GroupHome }) {
  const { t } = useTranslation('groups')
  const groupId = home.group.id
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <HomeSection
        id="home-articles"
        icon={<FileText aria-hidden="true" className="size-5 text-secondary" />}
        title={t('home.articles')}
        more={
          <Link
            to="/group/$groupId/articles"
            params={{ groupId }}
            className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline max-md:-my-3 max-md:min-h-11 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {t('home.allArticles')}
            <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          </Link>
        }
      >
        {home.articles.length === 0 ? (
          <EmptyState>{t('home.noArticles')}</EmptyState>
        ) : (
          <ul className="divide-y">
            {home.articles.map((article) => (
              <ArticleItem key={article.id} article={article} />
            ))}
          </ul>
        )}
      </HomeSection>

      <div className="grid content-start gap-6">
        <HomeSection
          id="home-gallery"
          icon={<Images aria-hidden="true" className="size-5 text-secondary" />}
          title={t('home.gallery')}
        >
          {home.gallery.length === 0 ? (
            <EmptyState>{t('home.noImages')}</EmptyState>
          ) : (
            <GalleryPreview groupId={groupId} images={home.gallery.slice(0, GALLERY_PREVIEW)} />
          )}
        </HomeSection>

        <HomeSection
          id="home-members"
          icon={<Users aria-hidden="true" className="size-5 text-secondary" />}
          title={t('home.members')}
          more={
            <Link
              to="/group/$groupId/members"
              params={{ groupId }}
              className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline max-md:-my-3 max-md:min-h-11 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {t('home.allMembers', { count: home.group.memberCount })}
              <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Link>
          }
        >
          <ul className="grid gap-3">
            {home.members.slice(0, MEMBERS_PREVIEW).map((member) => (
              <MemberItem key={member.user.id} member={member} />
            ))}
          </ul>
        </HomeSection>
      </div>
    </div>
  )
}

function HomeSection({
  id,
  icon,
  title,
  more,
  children,
}: {
  id: string
  icon: ReactNode
  title: string
  more?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-4 shadow-xs md:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          {icon}
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  )
}

function ArticleItem({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation('groups')
  const published = parseTime(article.publishedAt)
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <Link
        to="/group/$groupId/article/$articleId/display"
        params={{ groupId: article.groupId, articleId: article.id }}
        className="rounded-sm font-medium wrap-anywhere hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {article.title || t('home.untitled')}
      </Link>
      <WithheldBadge withheld={article.withheld} className="mt-1" />
      {article.excerpt && (
        <p className="mt-1 line-clamp-2 text-sm wrap-anywhere text-muted-foreground">
          {article.excerpt}
        </p>
      )}
      <p className="mt-1.5 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span>{personName(article.author)}</span>
        {published !== null && (
          <>
            <span aria-hidden="true">·</span>
            <time dateTime={article.publishedAt ?? undefined}>{formatDate(published)}</time>
          </>
        )}
        {article.replyCount > 0 && (
          <>
            <span aria-hidden="true">·</span>
            <span>{t('home.replies', { count: article.replyCount })}</span>
          </>
        )}
      </p>
    </li>
  )
}

function GalleryPreview({ groupId, images }: { groupId: string; images: GalleryImage[] }) {
  const { t } = useTranslation('groups')
  return (
    <Link
      to="/group/$groupId/gallery"
      params={{ groupId }}
      aria-label={t('home.openGallery')}
      className="grid grid-cols-3 gap-1.5 overflow-hidden rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {images.map((image) => (
        <img
          key={image.id}
          src={image.thumbnailUrl}
          alt=""
          width={image.thumbWidth}
          height={image.thumbHeight}
          loading="lazy"
          className="aspect-square size-full rounded-md bg-muted object-cover transition-opacity hover:opacity-90"
        />
      ))}
    </Link>
  )
}

function MemberItem({ member }: { member: Member }) {
  return (
    <li className="flex items-center justify-between gap-3">
      <Link
        to="/profile/$userId"
        params={{ userId: member.user.id }}
        className="flex min-w-0 items-center gap-2.5 rounded-md max-md:min-h-11 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <PersonAvatar person={member.user} />
        <span className="truncate text-sm font-medium">{personName(member.user)}</span>
      </Link>
      {member.role !== 'member' && <RoleBadge role={member.role} />}
    </li>
  )
}
