import { Link } from '@tanstack/react-router'
import {
  History,
  Link2,
  Lock,
  LockOpen,
  MessageSquareQuote,
  Pencil,
  Send,
  Trash2,
  X,
} from 'lucide-react'
import { Suspense, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedList } from '@/components/paged-list.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { MentionTextarea } from '@/components/mention-textarea.tsx'
import { ReasonDialog } from '@/components/reason-dialog.tsx'
import { useAnchoredItem } from '@/lib/anchor.ts'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { useGroup } from '@/lib/api/get-group.ts'
import type { Article } from '@/lib/api/types.ts'
import { useCopyText } from '@/lib/clipboard.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { formatDateTime } from '@/lib/format.ts'
import { personName } from '@/lib/person.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { ReportButton } from '@/components/report-action.tsx'
import { WithheldBadge } from '@/components/withheld-badge.tsx'
import { charCount } from '@/lib/text.ts'
import { useToast } from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'
import { useCreateReply } from '../api/create-reply.ts'
import { useDeleteReply } from '../api/delete-reply.ts'
import { replyConflictOf, useEditReply } from '../api/edit-reply.ts'
import { useReplies, type Reply } from '../api/list-replies.ts'
import { useLockReplies } from '../api/lock-replies.ts'
import {
  EMPTY_REPLY_DRAFT,
  loadReplyDraft,
  saveReplyDraft,
  type ReplyDraft,
} from '../reply-draft.ts'
import { REMOVAL_REASON_MAX_CHARS, REPLY_MAX_CHARS } from '../rules.ts'
import { ImageTools } from './image-tools.tsx'
import { PersonAvatar } from './person.tsx'
import { ReplyVersionsDialog } from './reply-versions-dialog.tsx'
import { useImageUpload, type ImageUpload } from './use-image-upload.ts'
import { LazyMarkdownView } from '@/lib/markdown/lazy.ts'

/**
 * An article's replies under it: oldest first, a page at a time, each with its quote, and the
 * form to reply at the end (members of the group, while the replies are open; the unsent text is
 * kept per article in this browser). Those who may edit the article close and reopen replies.
 * A link to one reply (`#reply-<id>`, a notification's) loads the pages up to it and scrolls to it.
 */
export function ArticleReplies({ article }: { article: Article }) {
  const { user } = useSession()
  // One thread per viewer: signing in or out starts again with that person's draft.
  return <Thread key={user?.id ?? ''} article={article} userId={user?.id ?? null} />
}

function Thread({ article, userId }: { article: Article; userId: string | null }) {
  const { t } = useTranslation('group-content')
  const { groupId, id: articleId } = article
  const published = article.status === 'published'
  const group = useGroup(groupId).data?.group
  const replies = useReplies(groupId, articleId, published || article.replyCount > 0)
  const list = useMemo(() => {
    const seen = new Set<string>()
    const all: Reply[] = []
    for (const page of replies.data?.pages ?? []) {
      for (const reply of page.replies) {
        if (seen.has(reply.id)) continue
        seen.add(reply.id)
        all.push(reply)
      }
    }
    return all
  }, [replies.data])
  const lastPage = replies.data?.pages.at(-1)
  const count = lastPage?.replyCount ?? article.replyCount
  const locked = lastPage?.repliesLocked ?? article.repliesLocked
  const canManage = group?.canManage === true
  const canReply = Boolean(userId) && published && !locked && group?.membership?.state === 'active'

  const [draft, setDraftState] = useState<ReplyDraft>(() =>
    userId ? loadReplyDraft(userId, articleId) : EMPTY_REPLY_DRAFT,
  )
  // An upload ends after the render that started it: it completes the draft as it is then.
  const latestDraft = useRef(draft)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const images = useImageUpload({
    groupId,
    articleId,
    text: draft.body,
    setText: (body) => setDraft({ ...latestDraft.current, body }),
    field: textarea,
  })
  const setDraft = (next: ReplyDraft) => {
    latestDraft.current = next
    setDraftState(next)
    // What is kept leaves out the placeholders of uploads in flight: they do not outlive the page.
    if (userId)
      saveReplyDraft(userId, articleId, { ...next, body: images.withoutPending(next.body) })
  }
  const quote = (reply: Reply) => {
    setDraft({ ...draft, quote: { id: reply.id, name: personName(reply.author) } })
    textarea.current?.focus()
  }

  // A link to `#reply-<id>` (a notification's): the replies come after the page, so the router
  // could not scroll to it. Load pages until it is there, then scroll to it once.
  const target = useAnchoredItem({ prefix: 'reply-', items: list, query: replies })

  return (
    <section aria-labelledby="replies-title" className="grid gap-4 border-t pt-6">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="replies-title" className="text-lg font-semibold">
          {count > 0 ? t('replies.count', { count }) : t('replies.title')}
        </h3>
        {article.mayEdit && published && <LockToggle article={article} locked={locked} />}
      </header>

      {(published || count > 0) && (
        <PagedList
          query={replies}
          itemCount={list.length}
          texts={{
            loading: t('loading'),
            loadFailed: (message) => t('replies.loadFailed', { message }),
            retry: t('retry'),
            empty: t('replies.empty'),
            loadMore: t('replies.loadMore'),
          }}
        >
          <ol aria-labelledby="replies-title" className="grid gap-3">
            {list.map((reply) => (
              <ReplyItem
                key={reply.id}
                groupId={groupId}
                reply={reply}
                targeted={reply.id === target}
                mine={reply.author.id === userId}
                canQuote={canReply}
                canEdit={canReply && reply.author.id === userId}
                canDelete={reply.author.id === userId || canManage}
                canSeeVersions={reply.author.id === userId || canManage}
                canReport={userId !== null && reply.author.id !== userId}
                onQuote={() => quote(reply)}
              />
            ))}
          </ol>
        </PagedList>
      )}

      {published &&
        (locked ? (
          <p className="flex items-center gap-2 rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
            <Lock aria-hidden="true" className="size-4 shrink-0" />
            {t('replies.locked')}
          </p>
        ) : (
          <ReplyEntry
            article={article}
            userId={userId}
            membership={group?.membership?.state ?? null}
            draft={draft}
            setDraft={setDraft}
            textarea={textarea}
            images={images}
            onLocked={() => void replies.refetch()}
          />
        ))}
    </section>
  )
}

/**
 * One reply: author, time (and when it was edited), its quote, the Markdown, and what the viewer
 * may do with it: quote, edit their own (in place), see its earlier versions (its author and the
 * managers), copy its link, delete (a manager deleting someone else's may give its author a
 * reason). The one a link named (`targeted`) is outlined.
 */
function ReplyItem({
  groupId,
  reply,
  targeted,
  mine,
  canQuote,
  canEdit,
  canDelete,
  canSeeVersions,
  canReport,
  onQuote,
}: {
  groupId: string
  reply: Reply
  targeted: boolean
  /** The viewer wrote it: deleting it is theirs, not moderation (no reason to give). */
  mine: boolean
  canQuote: boolean
  canEdit: boolean
  canDelete: boolean
  canSeeVersions: boolean
  /** Signed in and not its author. */
  canReport: boolean
  onQuote: () => void
}) {
  const [editing, setEditing] = useState(false)
  const [showVersions, setShowVersions] = useState(false)
  const [removing, setRemoving] = useState(false)
  const { t } = useTranslation('group-content')
  const confirm = useConfirm()
  const toast = useToast()
  const copyText = useCopyText()
  const remove = useDeleteReply(groupId, reply.articleId)
  const anchor = `reply-${reply.id}`
  const name = personName(reply.author)

  const askDelete = () =>
    mine
      ? confirm({
          title: t('replies.deleteTitle'),
          description: t('replies.deleteBody'),
          confirmLabel: t('replies.delete'),
          destructive: true,
          onConfirm: async () => {
            try {
              await remove.mutateAsync({ replyId: reply.id })
            } catch (failure) {
              toast.error(errorMessage(failure))
              return
            }
            toast.success(t('replies.deleted'))
          },
        })
      : setRemoving(true)

  return (
    <li
      id={anchor}
      // The reply a link named stands out (`:target` does not follow the router).
      data-targeted={targeted || undefined}
      className="scroll-mt-20 rounded-xl border bg-card p-3 data-targeted:ring-2 data-targeted:ring-primary/40 data-targeted:ring-offset-2 data-targeted:ring-offset-background md:p-4"
    >
      <article aria-label={t('replies.by', { name })} className="grid gap-2">
        <div className="flex items-center gap-2.5">
          <PersonAvatar person={reply.author} className="size-8 text-xs" />
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 text-sm">
            <Link
              to="/profile/$userId"
              params={{ userId: reply.author.id }}
              className="min-w-0 font-medium wrap-anywhere underline-offset-4 hover:underline max-md:-my-3 max-md:min-w-11 max-md:py-3"
            >
              {name}
            </Link>
            <a
              href={`#${anchor}`}
              className="inline-flex items-center text-xs text-muted-foreground underline-offset-4 hover:underline max-md:-my-3 max-md:min-h-11"
            >
              <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
            </a>
            {reply.editedAt && (
              <span className="text-xs text-muted-foreground">
                {t('replies.edited')}{' '}
                <time dateTime={reply.editedAt}>{formatDateTime(reply.editedAt)}</time>
              </span>
            )}
          </div>
        </div>

        <WithheldBadge withheld={reply.withheld} />

        {reply.quote && (
          <blockquote className="rounded-md border-s-4 border-primary/40 bg-muted px-3 py-2 text-sm">
            {reply.quote.deleted || !reply.quote.author ? (
              <p className="text-muted-foreground italic">{t('replies.quoteDeleted')}</p>
            ) : (
              <>
                <p className="font-medium wrap-anywhere">{personName(reply.quote.author)}</p>
                <p className="line-clamp-3 wrap-anywhere text-muted-foreground">
                  {reply.quote.excerpt}
                </p>
              </>
            )}
          </blockquote>
        )}

        {editing ? (
          <ReplyEditor groupId={groupId} reply={reply} onDone={() => setEditing(false)} />
        ) : (
          <Suspense fallback={<Spinner className="size-4 text-muted-foreground" />}>
            <LazyMarkdownView content={reply.body} className="text-sm" />
          </Suspense>
        )}

        <div className="-mb-1 flex flex-wrap items-center justify-end gap-1">
          {canEdit && !editing && (
            <Button
              variant="ghost"
              size="xs"
              onClick={() => setEditing(true)}
              className="text-muted-foreground"
            >
              <Pencil aria-hidden="true" />
              {t('replies.edit')}
            </Button>
          )}
          {canSeeVersions && reply.editedAt && (
            <Button
              variant="ghost"
              size="xs"
              iconOnly
              aria-label={t('replies.versions')}
              title={t('replies.versions')}
              className="text-muted-foreground"
              onClick={() => setShowVersions(true)}
            >
              <History aria-hidden="true" />
            </Button>
          )}
          {canQuote && (
            <Button variant="ghost" size="xs" onClick={onQuote} className="text-muted-foreground">
              <MessageSquareQuote aria-hidden="true" />
              {t('replies.quote')}
            </Button>
          )}
          <Button
            variant="ghost"
            size="xs"
            iconOnly
            aria-label={t('replies.copyLink')}
            title={t('replies.copyLink')}
            className="text-muted-foreground"
            onClick={() =>
              void copyText(
                `${window.location.origin}${window.location.pathname}${window.location.search}#${anchor}`,
              )
            }
          >
            <Link2 aria-hidden="true" />
          </Button>
          {canReport && <ReportButton subject={{ kind: 'reply', id: reply.id }} size="xs" />}
          {canDelete && (
            <Button
              variant="ghost"
              size="xs"
              iconOnly
              aria-label={t('replies.delete')}
              title={t('replies.delete')}
              className="text-muted-foreground"
              onClick={askDelete}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
      </article>
      {showVersions && (
        <ReplyVersionsDialog
          groupId={groupId}
          articleId={reply.articleId}
          replyId={reply.id}
          onClose={() => setShowVersions(false)}
        />
      )}
      {removing && (
        <ReasonDialog
          title={t('replies.deleteTitle')}
          confirmLabel={t('replies.delete')}
          max={REMOVAL_REASON_MAX_CHARS}
          texts={{
            description: t('replies.removeBody'),
            reason: t('removal.reason'),
            placeholder: t('removal.placeholder'),
            cancel: t('replies.cancel'),
          }}
          remove={async (reason) => {
            await remove.mutateAsync({ replyId: reply.id, reason })
            toast.success(t('replies.deleted'))
          }}
          onClose={() => setRemoving(false)}
        />
      )}
    </li>
  )
}

/**
 * Edits one's own reply in place, from the version shown. If someone (another tab) edited it
 * since, the server refuses with 409: the typed text stays, the reply as it is now is shown, and
 * saving again edits from that version.
 */
function ReplyEditor({
  groupId,
  reply,
  onDone,
}: {
  groupId: string
  reply: Reply
  onDone: () => void
}) {
  const { t } = useTranslation('group-content')
  const toast = useToast()
  const edit = useEditReply(groupId, reply.articleId, reply.id)
  const [text, setText] = useState(reply.body)
  const [base, setBase] = useState(reply.version)
  const [error, setError] = useState<string | null>(null)
  const [current, setCurrent] = useState<Reply | null>(null)
  const field = useRef<HTMLTextAreaElement>(null)
  const images = useImageUpload({
    groupId,
    articleId: reply.articleId,
    text,
    setText,
    field,
  })
  const id = `reply-edit-${reply.id}`
  const length = charCount(text)
  const tooLong = length > REPLY_MAX_CHARS

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (length === 0 || tooLong || edit.isPending || images.uploading > 0) return
    setError(null)
    try {
      await edit.mutateAsync({ body: text.trim(), version: base })
    } catch (failure) {
      const now = replyConflictOf(failure)
      if (now) {
        setBase(now.version)
        setCurrent(now)
        setError(t('replies.editConflict'))
      } else {
        setError(errorMessage(failure))
      }
      return
    }
    toast.success(t('replies.editedToast'))
    onDone()
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-2">
      <label htmlFor={id} className="sr-only">
        {t('replies.editLabel')}
      </label>
      <MentionTextarea
        groupId={groupId}
        ref={field}
        id={id}
        value={text}
        rows={4}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        {...images.fieldProps}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-count`}
        className={cn('min-h-24 resize-y', images.dragging && 'border-primary ring-2 ring-primary')}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            event.currentTarget.form?.requestSubmit()
          } else if (event.key === 'Escape') {
            event.preventDefault()
            onDone()
          }
        }}
      />
      <div className="flex flex-wrap gap-2">
        <ImageTools upload={images} />
      </div>
      {error && <Alert>{error}</Alert>}
      {current && (
        <details className="rounded-md border bg-muted px-3 py-2 text-sm">
          <summary className="cursor-pointer max-md:py-3">{t('replies.currentText')}</summary>
          <p className="mt-1 wrap-anywhere whitespace-pre-wrap">{current.body}</p>
        </details>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ReplyCount id={`${id}-count`} length={length} uploading={images.uploading} />
        <div className="flex gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onDone}>
            {t('replies.cancel')}
          </Button>
          <Button
            type="submit"
            size="sm"
            loading={edit.isPending}
            disabled={length === 0 || tooLong || images.uploading > 0}
          >
            {t('replies.save')}
          </Button>
        </div>
      </div>
    </form>
  )
}

/** Close or reopen the replies (those who may edit the article). */
function LockToggle({ article, locked }: { article: Article; locked: boolean }) {
  const { t } = useTranslation('group-content')
  const toast = useToast()
  const lock = useLockReplies(article.groupId, article.id)
  return (
    <Button
      variant="outline"
      size="sm"
      loading={lock.isPending}
      onClick={() =>
        lock.mutate(!locked, {
          onSuccess: ({ repliesLocked }) =>
            toast.success(repliesLocked ? t('replies.closedToast') : t('replies.reopenedToast')),
          onError: (failure) => toast.error(errorMessage(failure)),
        })
      }
    >
      {locked ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
      {locked ? t('replies.reopen') : t('replies.close')}
    </Button>
  )
}

/** The end of an open thread: the form for members, else why not and what to do. */
function ReplyEntry({
  article,
  userId,
  membership,
  draft,
  setDraft,
  textarea,
  images,
  onLocked,
}: {
  article: Article
  userId: string | null
  membership: 'pending' | 'active' | 'banned' | null
  draft: ReplyDraft
  setDraft: (draft: ReplyDraft) => void
  textarea: RefObject<HTMLTextAreaElement | null>
  images: ImageUpload
  onLocked: () => void
}) {
  const { t } = useTranslation('group-content')
  const { openLogin } = useLoginDialog()
  const send = useCreateReply(article.groupId, article.id)
  const [error, setError] = useState<string | null>(null)

  if (!userId) {
    return (
      <div>
        <Button variant="outline" onClick={openLogin}>
          {t('replies.logIn')}
        </Button>
      </div>
    )
  }
  if (membership === 'banned') {
    return <p className="text-sm text-muted-foreground">{t('replies.banned')}</p>
  }
  if (membership !== 'active') {
    return (
      <div>
        <Button asChild variant="outline">
          <Link to="/group/$groupId/join" params={{ groupId: article.groupId }}>
            {t('replies.join')}
          </Link>
        </Button>
      </div>
    )
  }

  const length = charCount(draft.body)
  const tooLong = length > REPLY_MAX_CHARS
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (length === 0 || tooLong || send.isPending || images.uploading > 0) return
    setError(null)
    try {
      await send.mutateAsync({ body: draft.body.trim(), quoteId: draft.quote?.id ?? null })
      setDraft(EMPTY_REPLY_DRAFT)
    } catch (failure) {
      setError(errorMessage(failure))
      if (failure instanceof ApiError && failure.code === 'replies_locked') onLocked()
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-2">
      <label htmlFor="reply-body" className="text-sm font-medium">
        {t('replies.write')}
      </label>
      {draft.quote && (
        <div className="flex items-center gap-1 justify-self-start rounded-full border bg-muted ps-3 text-sm">
          <MessageSquareQuote
            aria-hidden="true"
            className="size-4 shrink-0 text-muted-foreground"
          />
          <span className="min-w-0 truncate">
            {t('replies.quoting', { name: draft.quote.name })}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="xs"
            iconOnly
            className="rounded-full"
            aria-label={t('replies.removeQuote')}
            title={t('replies.removeQuote')}
            onClick={() => {
              setDraft({ ...draft, quote: null })
              textarea.current?.focus()
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      )}
      <MentionTextarea
        groupId={article.groupId}
        ref={textarea}
        id="reply-body"
        value={draft.body}
        rows={4}
        onChange={(event) => setDraft({ ...draft, body: event.target.value })}
        {...images.fieldProps}
        placeholder={t('replies.placeholder')}
        aria-invalid={tooLong || undefined}
        aria-describedby="reply-count"
        className={cn('min-h-24 resize-y', images.dragging && 'border-primary ring-2 ring-primary')}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            event.currentTarget.form?.requestSubmit()
          }
        }}
      />
      <div className="flex flex-wrap gap-2">
        <ImageTools upload={images} />
      </div>
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ReplyCount id="reply-count" length={length} uploading={images.uploading} />
        <Button
          type="submit"
          loading={send.isPending}
          disabled={length === 0 || tooLong || images.uploading > 0}
        >
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
          {t('replies.send')}
        </Button>
      </div>
    </form>
  )
}

/**
 * The reply's length against its bound, or, while images upload, that sending waits for them
 * (their placeholders would otherwise be sent).
 */
function ReplyCount({ id, length, uploading }: { id: string; length: number; uploading: number }) {
  const { t } = useTranslation('group-content')
  const tooLong = length > REPLY_MAX_CHARS
  const waiting = uploading > 0 ? t('replies.uploading', { count: uploading }) : ''
  return (
    <>
      <span id={id} className={tooLong ? 'text-xs text-error' : 'text-xs text-muted-foreground'}>
        {waiting || t('replies.chars', { count: length, max: REPLY_MAX_CHARS })}
      </span>
      <span className="sr-only" aria-live="polite">
        {waiting}
      </span>
    </>
  )
}
