import { Link } from '@tanstack/react-router'
import { ArrowLeft, PenLine } from 'lucide-react'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import type { Article } from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'
import { useSession } from '@/lib/session.ts'
import { ReportButton } from '@/components/report-action.tsx'
import { WithheldBadge } from '@/components/withheld-badge.tsx'
import { useArticle } from '../api/get-article.ts'
import { ArticleReplies } from './article-replies.tsx'
import { PersonAvatar } from './person.tsx'
import { personName } from '@/lib/person.ts'
import { isMembersOnly } from '../errors.ts'
import { LoadFailed, Loading, MembersOnly } from './states.tsx'
import { LazyMarkdownView } from '@/lib/markdown/lazy.ts'

/**
 * `/group/{groupId}/article/{articleId}/display`: the article as sanitised Markdown, with its
 * author and times; an edit link for those who may edit it. Its author alone is sent it while it
 * is withheld, and sees why (under review, or hidden).
 */
export function ArticleDisplayPage({ groupId, articleId }: { groupId: string; articleId: string }) {
  const article = useArticle(groupId, articleId)
  if (article.data) return <ArticleView article={article.data} />
  if (article.isError) {
    if (isMembersOnly(article.error)) return <MembersOnly groupId={groupId} />
    return <LoadFailed error={article.error} onRetry={() => void article.refetch()} />
  }
  return <Loading />
}

function ArticleView({ article }: { article: Article }) {
  const { t } = useTranslation('group-content')
  const { user } = useSession()
  const params = { groupId: article.groupId, articleId: article.id }
  const draft = article.status === 'draft'
  // "Updated" only when it changed after it was published (or, for a draft, ever saved).
  const edited =
    article.publishedAt === null
      ? article.updatedAt !== article.createdAt
      : Date.parse(article.updatedAt) > Date.parse(article.publishedAt)

  return (
    <article aria-labelledby="article-title" className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="ghost" size="sm" className="-ms-3">
          <Link to="/group/$groupId/articles" params={{ groupId: article.groupId }}>
            <ArrowLeft aria-hidden="true" />
            {t('articles.title')}
          </Link>
        </Button>
        <div className="flex items-center gap-1">
          {user && user.id !== article.author.id && !draft && (
            <ReportButton subject={{ kind: 'article', id: article.id }} withLabel />
          )}
          {article.mayEdit && (
            <Button asChild variant="outline" size="sm">
              <Link to="/group/$groupId/article/$articleId/edit" params={params}>
                <PenLine aria-hidden="true" />
                {t('display.edit')}
              </Link>
            </Button>
          )}
        </div>
      </div>

      <header className="grid gap-4 border-b pb-5">
        {draft && (
          <Badge tone="warning" className="justify-self-start">
            {t('status.draft')}
          </Badge>
        )}
        <h2 id="article-title" className="text-2xl font-bold wrap-anywhere md:text-3xl">
          {article.title}
        </h2>
        <WithheldBadge withheld={article.withheld} />
        <div className="flex items-center gap-3">
          <PersonAvatar person={article.author} className="size-10 text-sm" />
          <div className="min-w-0 text-sm">
            <p className="font-medium">
              <Link
                to="/profile/$userId"
                params={{ userId: article.author.id }}
                className="inline-block max-w-full wrap-anywhere underline-offset-4 hover:underline max-md:-my-3 max-md:py-3"
              >
                {personName(article.author)}
              </Link>
            </p>
            <p className="flex flex-wrap gap-x-2 text-muted-foreground">
              {article.publishedAt ? (
                <span>
                  {t('display.published')}{' '}
                  <time dateTime={article.publishedAt}>{formatDateTime(article.publishedAt)}</time>
                </span>
              ) : (
                <span>
                  {t('display.created')}{' '}
                  <time dateTime={article.createdAt}>{formatDateTime(article.createdAt)}</time>
                </span>
              )}
              {edited && (
                <span>
                  <span aria-hidden="true">· </span>
                  {t('display.updated')}{' '}
                  <time dateTime={article.updatedAt}>{formatDateTime(article.updatedAt)}</time>
                </span>
              )}
            </p>
          </div>
        </div>
      </header>

      {/* The body and the replies appear together: replies shown under a body still loading
          would be pushed down when it arrives (a layout shift on a phone). */}
      <Suspense fallback={<Spinner className="size-5 text-muted-foreground" />}>
        {article.body.trim() ? (
          <LazyMarkdownView content={article.body} className="md-article" />
        ) : (
          <p className="text-muted-foreground">{t('display.empty')}</p>
        )}
        <ArticleReplies article={article} />
      </Suspense>
    </article>
  )
}
