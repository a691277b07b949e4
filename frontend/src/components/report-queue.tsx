import type { InfiniteData } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ExternalLink, Flag, ListFilter } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedList, type PagedQuery } from '@/components/paged-list.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { LengthCounter, Textarea } from '@/components/ui/textarea.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import type {
  CloseCaseBody,
  ReportAction,
  ReportCase,
  ReportCasesPage,
  ReportCaseState,
} from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'
import { personName } from '@/lib/person.ts'
import { charCount } from '@/lib/text.ts'
import { useToast } from '@/lib/toast.ts'
import { CaseHistory } from './case-history.tsx'

/** The server's longest closing note (`CloseCaseBody.note`). */
const NOTE_MAX = 500

/** A queue's infinite query, as the page's hook gives it. */
type CasesQuery = PagedQuery & { data?: InfiniteData<ReportCasesPage> }

/**
 * A report queue (the site's, a group's): open or closed cases, oldest first, each with what was
 * reported (kind, excerpt, author, a link where it lives; a post's, a comment's or a reply's
 * history of edits on asking), how many reported it and why, and for an open case the
 * moderator's `actions` — each asks first, with an optional note. A case the word list opened
 * (`heldWords`) is marked with the words, and its dismiss reads "Release": the item is shown
 * again. `close` throws to keep its dialog open with the server's message (409 `case_closed`:
 * someone was quicker). Strings in the lazy `reports` namespace, which the page's route loads.
 */
export function ReportQueue({
  state,
  onStateChange,
  query,
  actions,
  close,
}: {
  state: ReportCaseState
  onStateChange: (state: ReportCaseState) => void
  query: CasesQuery
  actions: readonly ReportAction[]
  close: (caseId: string, body: CloseCaseBody) => Promise<unknown>
}) {
  const { t } = useTranslation('reports')
  const cases = query.data?.pages.flatMap((page) => page.cases) ?? []
  const listId = useId()
  // Held here, not by the case: a case that leaves the list (closed by someone else, 409) keeps
  // its dialog, with the server's message, until the moderator closes it.
  const [acting, setActing] = useState<{
    caseId: string
    action: ReportAction
    held: boolean
  } | null>(null)
  return (
    <div className="grid gap-4">
      <div role="group" aria-label={t('queue.state')} className="flex gap-2">
        {(['open', 'closed'] as const).map((value) => (
          <Button
            key={value}
            variant={state === value ? 'primary' : 'outline'}
            size="sm"
            aria-pressed={state === value}
            onClick={() => onStateChange(value)}
          >
            {t(`queue.${value}`)}
          </Button>
        ))}
      </div>
      <PagedList
        query={query}
        itemCount={cases.length}
        texts={{
          loading: t('queue.loading'),
          loadFailed: (message) => t('queue.loadFailed', { message }),
          retry: t('queue.retry'),
          empty: state === 'open' ? t('queue.emptyOpen') : t('queue.emptyClosed'),
          loadMore: t('queue.loadMore'),
        }}
      >
        <h2 id={listId} className="sr-only">
          {t('queue.listLabel')}
        </h2>
        <ul aria-labelledby={listId} className="grid gap-3">
          {cases.map((item) => (
            <CaseCard
              key={item.id}
              item={item}
              actions={actions}
              onAct={(action) =>
                setActing({ caseId: item.id, action, held: item.heldWords !== null })
              }
            />
          ))}
        </ul>
      </PagedList>
      {acting && (
        <CloseDialog
          action={acting.action}
          held={acting.held}
          close={(body) => close(acting.caseId, body)}
          onClose={() => setActing(null)}
        />
      )}
    </div>
  )
}

/**
 * The actions of `offered` that fit this case: nothing to delete in a group or a person, and
 * only what someone wrote (a post, a comment, an article, a reply) can be hidden.
 */
function actionsFor(item: ReportCase, offered: readonly ReportAction[]): ReportAction[] {
  const kind = item.subject.kind
  return offered.filter((action) => {
    if (action === 'hide')
      return kind === 'post' || kind === 'comment' || kind === 'article' || kind === 'reply'
    if (action === 'delete') return kind !== 'group' && kind !== 'person'
    if (action === 'ban') return item.groupId !== null && kind !== 'group'
    return true
  })
}

/** An action's name: a held case's dismiss releases the item (it is shown again). */
function actionKey(action: ReportAction, held: boolean) {
  return action === 'dismiss' && held ? 'actions.release' : (`actions.${action}` as const)
}

/** How a case was closed: a held case dismissed was released. */
function closedKey(action: ReportAction, held: boolean) {
  return action === 'dismiss' && held ? 'closedAs.release' : (`closedAs.${action}` as const)
}

function CaseLink({ item }: { item: ReportCase }) {
  const { t } = useTranslation('reports')
  const { kind, id } = item.subject
  const className =
    'inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline max-md:-my-3 max-md:min-h-11'
  const label = t('queue.viewLabel', { kind: t(`kinds.${kind}`) })
  const body = (
    <>
      <ExternalLink aria-hidden="true" className="size-4" />
      {t('queue.view')}
    </>
  )
  if (kind === 'post')
    return (
      <Link
        to="/plaza/post/$postId"
        params={{ postId: id }}
        aria-label={label}
        className={className}
      >
        {body}
      </Link>
    )
  if (kind === 'comment' && item.parentId)
    return (
      <Link
        to="/plaza/post/$postId"
        params={{ postId: item.parentId }}
        hash={`comment-${id}`}
        aria-label={label}
        className={className}
      >
        {body}
      </Link>
    )
  if ((kind === 'article' || kind === 'reply') && item.groupId) {
    const articleId = kind === 'article' ? id : item.parentId
    if (!articleId) return null
    return (
      <Link
        to="/group/$groupId/article/$articleId/display"
        params={{ groupId: item.groupId, articleId }}
        hash={kind === 'reply' ? `reply-${id}` : undefined}
        aria-label={label}
        className={className}
      >
        {body}
      </Link>
    )
  }
  if (kind === 'group')
    return (
      <Link to="/group/$groupId" params={{ groupId: id }} aria-label={label} className={className}>
        {body}
      </Link>
    )
  if (kind === 'person')
    return (
      <Link to="/profile/$userId" params={{ userId: id }} aria-label={label} className={className}>
        {body}
      </Link>
    )
  return null
}

function CaseCard({
  item,
  actions,
  onAct,
}: {
  item: ReportCase
  actions: readonly ReportAction[]
  onAct: (action: ReportAction) => void
}) {
  const { t } = useTranslation('reports')
  const titleId = useId()
  const offered = item.closed ? [] : actionsFor(item, actions)
  const held = item.heldWords !== null
  return (
    <li
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="info" id={titleId}>
          {t(`kinds.${item.subject.kind}`)}
        </Badge>
        {held && (
          <Badge tone="warning">
            <ListFilter aria-hidden="true" className="size-3.5" />
            {t('queue.held')}
          </Badge>
        )}
        {(!held || item.reports > 0) && (
          <span className="inline-flex items-center gap-1 text-sm font-medium">
            <Flag aria-hidden="true" className="size-4 text-error" />
            {t('queue.reports', { count: item.reports })}
          </span>
        )}
        {item.closed && <Badge>{t(closedKey(item.closed.action, held))}</Badge>}
      </div>
      {item.heldWords && item.heldWords.length > 0 && (
        <p className="text-sm wrap-anywhere">
          <span className="font-medium">{t('queue.heldWords')}</span>{' '}
          {item.heldWords.map((word, index) => (
            <span key={`${index}-${word}`}>
              {index > 0 && t('queue.wordSeparator')}
              <mark className="rounded bg-warning-soft px-1 text-warning">{word}</mark>
            </span>
          ))}
        </p>
      )}
      <p className="line-clamp-4 text-sm wrap-anywhere whitespace-pre-wrap">
        {item.excerpt.trim() || (
          <span className="text-muted-foreground">{t('queue.noExcerpt')}</span>
        )}
      </p>
      {item.reasons.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('dialog.reason')}>
          {item.reasons.map((reason) => (
            <li key={reason.reason}>
              <Badge tone="warning">
                {t('queue.reasonCount', {
                  reason: t(`reasons.${reason.reason}`),
                  count: reason.count,
                })}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span className="min-w-0 wrap-anywhere">
          {t('queue.by', { name: personName(item.author) })}
        </span>
        <span>{t('queue.opened', { time: formatDateTime(item.openedAt) })}</span>
        <CaseLink item={item} />
      </div>
      <CaseHistory item={item} />
      {item.closed && (
        <p className="text-sm text-muted-foreground wrap-anywhere">
          {t('queue.closedAt', {
            action: t(closedKey(item.closed.action, held)),
            time: formatDateTime(item.closed.at),
          })}
          {item.closed.note && (
            <>
              <br />
              {t('queue.closedNote', { note: item.closed.note })}
            </>
          )}
        </p>
      )}
      {offered.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {offered.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'dismiss' ? 'outline' : 'destructive-outline'}
              onClick={() => onAct(action)}
            >
              {t(actionKey(action, held))}
            </Button>
          ))}
        </div>
      )}
    </li>
  )
}

/**
 * The confirm step of an action, with an optional note (told to the author with a deletion or
 * a hiding). `held`: the case is the word list's, so dismissing it releases the item.
 */
function CloseDialog({
  action,
  held,
  close,
  onClose,
}: {
  action: ReportAction
  held: boolean
  close: (body: CloseCaseBody) => Promise<unknown>
  onClose: () => void
}) {
  const { t } = useTranslation('reports')
  const toast = useToast()
  const id = useId()
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const tooLong = charCount(note) > NOTE_MAX
  const label = t(actionKey(action, held))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || tooLong) return
    setBusy(true)
    setProblem(null)
    try {
      await close({ action, note: note.trim() || undefined })
      toast.success(t('queue.closedToast', { action: t(closedKey(action, held)) }))
      onClose()
    } catch (failure) {
      setProblem(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      role="alertdialog"
      title={t('queue.closeTitle', { action: label })}
      description={t(
        action === 'dismiss' && held ? 'queue.closeBody.release' : `queue.closeBody.${action}`,
      )}
    >
      <form onSubmit={(event) => void submit(event)} className="grid gap-3">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-note`} className="text-sm font-medium">
            {t('queue.noteLabel')}
          </label>
          <span id={`${id}-count`} className="text-xs">
            <LengthCounter value={note} max={NOTE_MAX} />
          </span>
        </div>
        <Textarea
          id={`${id}-note`}
          value={note}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-count`}
        />
        {problem && <Alert role="alert">{problem}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('queue.cancel')}
          </Button>
          <Button
            type="submit"
            variant={action === 'dismiss' ? 'primary' : 'destructive'}
            loading={busy}
            disabled={tooLong}
          >
            {label}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
