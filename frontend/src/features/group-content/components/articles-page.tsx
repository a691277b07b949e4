import { Link, useNavigate } from '@tanstack/react-router'
import { FileText, MessageSquare, PenLine, Plus } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { WithheldBadge } from '@/components/withheld-badge.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useGroup } from '@/lib/api/get-group.ts'
import type { ArticleSummary } from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'
import { useSession } from '@/lib/session.ts'
import { useCreateArticle } from '../api/create-article.ts'
import { useMyDrafts } from '../api/list-my-drafts.ts'
import { usePublishedArticles } from '../api/list-published-articles.ts'
import { TITLE_MAX_CHARS } from '../rules.ts'
import { PersonAvatar } from './person.tsx'
import { personName } from '@/lib/person.ts'
import { isMembersOnly } from '../errors.ts'
import { LoadFailed, Loading, MembersOnly } from './states.tsx'

/**
 * `/group/{groupId}/articles`: the group's published articles, newest first, and — for its
 * members — their own drafts above them; members start a new article here.
 */
export function ArticlesPage({ groupId }: { groupId: string }) {
  const { t } = useTranslation('group-content')
  const { user } = useSession()
  const group = useGroup(groupId).data?.group
  const isMember = Boolean(user) && group?.membership?.state === 'active'
  const published = usePublishedArticles(groupId, group?.canRead !== false)
  const drafts = useMyDrafts(groupId, isMember)
  const [creating, setCreating] = useState(false)

  const membersOnly = group?.canRead === false || isMembersOnly(published.error)

  return (
    <section aria-labelledby="articles-title" className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="articles-title" className="text-xl font-semibold">
          {t('articles.title')}
        </h2>
        {isMember && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('articles.new')}
          </Button>
        )}
      </header>

      {membersOnly ? (
        <MembersOnly groupId={groupId} />
      ) : (
        <>
          {isMember && (drafts.data?.pages[0]?.articles.length ?? 0) > 0 && (
            <section aria-labelledby="drafts-title" className="grid gap-3">
              <h3 id="drafts-title" className="text-base font-semibold text-muted-foreground">
                {t('articles.drafts')}
              </h3>
              <ul className="grid gap-3">
                {drafts.data?.pages.flatMap((page) =>
                  page.articles.map((article) => (
                    <li key={article.id}>
                      <ArticleRow article={article} />
                    </li>
                  )),
                )}
              </ul>
              {drafts.hasNextPage && (
                <LoadMore
                  loading={drafts.isFetchingNextPage}
                  onClick={() => void drafts.fetchNextPage()}
                />
              )}
            </section>
          )}

          <section aria-labelledby="published-title" className="grid gap-3">
            <h3 id="published-title" className="text-base font-semibold text-muted-foreground">
              {t('articles.published')}
            </h3>
            {published.isPending ? (
              <Loading />
            ) : published.isError ? (
              <LoadFailed error={published.error} onRetry={() => void published.refetch()} />
            ) : published.data.pages[0]?.articles.length ? (
              <>
                <ul className="grid gap-3">
                  {published.data.pages.flatMap((page) =>
                    page.articles.map((article) => (
                      <li key={article.id}>
                        <ArticleRow article={article} />
                      </li>
                    )),
                  )}
                </ul>
                {published.hasNextPage && (
                  <LoadMore
                    loading={published.isFetchingNextPage}
                    onClick={() => void published.fetchNextPage()}
                  />
                )}
              </>
            ) : (
              <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center text-muted-foreground">
                <FileText aria-hidden="true" className="size-8" />
                <p>{isMember ? t('articles.emptyMember') : t('articles.empty')}</p>
              </div>
            )}
          </section>
        </>
      )}

      <NewArticleDialog groupId={groupId} open={creating} onClose={() => setCreating(false)} />
    </section>
  )
}

function LoadMore({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const { t } = useTranslation('group-content')
  return (
    <div className="flex justify-center">
      <Button variant="outline" loading={loading} onClick={onClick}>
        {t('loadMore')}
      </Button>
    </div>
  )
}

/** One article of a list: a draft opens in the editor, a published article on its page. */
function ArticleRow({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation('group-content')
  const draft = article.status === 'draft'
  const params = { groupId: article.groupId, articleId: article.id }
  const when = draft ? article.updatedAt : (article.publishedAt ?? article.updatedAt)
  return (
    <article className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-colors hover:border-primary/50 md:p-5">
      <h4 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        {draft ? (
          <Link
            to="/group/$groupId/article/$articleId/edit"
            params={params}
            className="min-w-0 wrap-anywhere hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {article.title}
          </Link>
        ) : (
          <Link
            to="/group/$groupId/article/$articleId/display"
            params={params}
            className="min-w-0 wrap-anywhere hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {article.title}
          </Link>
        )}
        {draft && (
          <Badge tone="warning">
            <PenLine aria-hidden="true" className="size-3" />
            {t('status.draft')}
          </Badge>
        )}
      </h4>
      <WithheldBadge withheld={article.withheld} className="mt-1.5" />
      {article.excerpt && (
        <p className="mt-1.5 line-clamp-2 wrap-anywhere text-sm text-muted-foreground">
          {article.excerpt}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <PersonAvatar person={article.author} className="size-6 text-[0.625rem]" />
        <span className="font-medium text-foreground">{personName(article.author)}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={when}>
          {draft
            ? t('articles.edited', { time: formatDateTime(when) })
            : t('articles.publishedAt', { time: formatDateTime(when) })}
        </time>
        {!draft && article.replyCount > 0 && (
          <>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-3.5" />
              {t('replies.count', { count: article.replyCount })}
            </span>
          </>
        )}
      </div>
    </article>
  )
}

/** Asks for a title, starts the draft (`POST …/articles`) and opens it in the editor. */
function NewArticleDialog({
  groupId,
  open,
  onClose,
}: {
  groupId: string
  open: boolean
  onClose: () => void
}) {
  const { t } = useTranslation('group-content')
  const navigate = useNavigate()
  const create = useCreateArticle(groupId)
  const [title, setTitle] = useState('')
  const [missing, setMissing] = useState(false)
  const formId = useId()
  const inputRef = useRef<HTMLInputElement>(null)

  const close = () => {
    setTitle('')
    setMissing(false)
    create.reset()
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!title.trim()) {
      setMissing(true)
      inputRef.current?.focus()
      return
    }
    create.mutate(
      { title: title.trim(), body: '' },
      {
        onSuccess: (article) => {
          close()
          void navigate({
            to: '/group/$groupId/article/$articleId/edit',
            params: { groupId, articleId: article.id },
          })
        },
      },
    )
  }

  return (
    <Modal open={open} onClose={close} title={t('articles.newDialog.title')} size="sm">
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4">
        <Field
          label={t('editor.title')}
          error={missing ? t('editor.titleRequired') : undefined}
          hint={t('articles.newDialog.hint')}
        >
          {(control) => (
            <Input
              {...control}
              ref={inputRef}
              value={title}
              maxLength={TITLE_MAX_CHARS}
              autoComplete="off"
              onChange={(event) => {
                setTitle(event.target.value)
                if (event.target.value.trim()) setMissing(false)
              }}
            />
          )}
        </Field>
        {create.isError && <Alert>{errorMessage(create.error)}</Alert>}
        <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
          <Button variant="outline" onClick={close}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('articles.newDialog.create')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
