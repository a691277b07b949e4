import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Pencil, Send, Trash2 } from 'lucide-react'
import { useMemo, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { useLeaveGuard } from '@/lib/leave-guard.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { useAnchoredItem } from '@/lib/anchor.ts'
import { createComment } from '../api/create-comment.ts'
import { deleteComment } from '../api/delete-comment.ts'
import { commentConflictOf, editComment } from '../api/edit-comment.ts'
import { editDraft, editKey } from '../edit-drafts.ts'
import { useComments } from '../api/list-comments.ts'
import { plazaKeys } from '../api/keys.ts'
import type { PlazaComment, PlazaCommentsPage } from '@/lib/api/types.ts'
import { MentionTextarea } from '@/components/mention-textarea.tsx'
import { MentionText } from '@/components/mention-text.tsx'
import { ReportButton } from '@/components/report-action.tsx'
import { WithheldBadge } from '@/components/withheld-badge.tsx'
import { charCount } from '@/lib/text.ts'
import { COMMENT_MAX_CHARS } from '../rules.ts'
import { PersonAvatar } from './person.tsx'
import { personName } from '@/lib/person.ts'
import { PostTime } from './post-time.tsx'
import { EditedLabel } from './edited-label.tsx'
import { InlineEditor, type EditResult } from './inline-editor.tsx'
import { VersionsDialog } from './versions-dialog.tsx'
import { RemovalDialog } from './removal-dialog.tsx'

type Pages = InfiniteData<PlazaCommentsPage, string | null>

/**
 * A post's comments, oldest first, a page at a time ("Show more comments"), a box to write one
 * (signed in; signed out a button that opens the login dialog), edit for one's own ("edited" with
 * the time after; the author and administrators open the earlier versions from it) and delete
 * for one's own (or, for an administrator, any). `onCountChange` keeps the post's count in step.
 * On the post's page (`followAnchor`) a link to one comment loads the pages up to it and scrolls
 * to it.
 */
export function Comments({
  id,
  postId,
  followAnchor = false,
  onCountChange,
}: {
  id: string
  postId: string
  /** Whether a link to one comment (`#comment-<id>`) is looked for here: the post's page. */
  followAnchor?: boolean
  onCountChange: (delta: number) => void
}) {
  const { t } = useTranslation('plaza')
  const { user } = useSession()
  const loginDialog = useLoginDialog()
  const queryClient = useQueryClient()
  const confirm = useConfirm()
  const toast = useToast()
  const comments = useComments(postId)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The comment being edited (one at a time): one whose edit was left open opens again.
  const [editing, setEditing] = useState<string | null>(null)
  const [history, setHistory] = useState<string | null>(null)
  // Someone else's comment an administrator removes, with a reason its author is told.
  const [removing, setRemoving] = useState<PlazaComment | null>(null)
  // A comment being written is not kept anywhere: leaving the page with it asks first.
  useLeaveGuard({ when: text.trim() !== '' })

  const list = useMemo(() => {
    const seen = new Set<string>()
    const all: PlazaComment[] = []
    for (const page of comments.data?.pages ?? []) {
      for (const comment of page.comments) {
        if (seen.has(comment.id)) continue
        seen.add(comment.id)
        all.push(comment)
      }
    }
    return all
  }, [comments.data])

  // A link to one comment (`#comment-<id>`, a notification's): the comments come after the page,
  // so the router could not scroll to it. Load pages until it is there, then scroll to it once.
  const target = useAnchoredItem({
    prefix: 'comment-',
    enabled: followAnchor,
    items: list,
    query: comments,
  })

  const change = (update: (pages: Pages) => Pages) =>
    queryClient.setQueryData<Pages>(plazaKeys.comments(postId), (data) =>
      data ? update(data) : data,
    )

  const replace = (comment: PlazaComment) =>
    change((data) => ({
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        comments: page.comments.map((known) => (known.id === comment.id ? comment : known)),
      })),
    }))

  const saveEdit =
    (comment: PlazaComment) =>
    async (body: string): Promise<EditResult> => {
      try {
        replace(await editComment(comment.id, { body, version: comment.version }))
        toast.success(t('edit.saved'))
        return 'saved'
      } catch (failure) {
        const current = commentConflictOf(failure)
        if (!current) throw failure
        replace(current)
        return 'conflict'
      }
    }

  const isEditing = (comment: PlazaComment) =>
    comment.canEdit &&
    (editing === comment.id ||
      (editing === null && editDraft(editKey('comment', comment.id)) !== undefined))

  const length = charCount(text)
  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (length === 0 || length > COMMENT_MAX_CHARS || sending) return
    setSending(true)
    setError(null)
    try {
      const comment = await createComment(postId, text.trim())
      // Newest last: it goes at the end of what is loaded.
      change((data) => ({
        ...data,
        pages: data.pages.map((page, index) =>
          index === data.pages.length - 1
            ? { ...page, comments: [...page.comments, comment] }
            : page,
        ),
      }))
      onCountChange(1)
      setText('')
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setSending(false)
    }
  }

  const removed = (comment: PlazaComment) => {
    change((data) => ({
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        comments: page.comments.filter((known) => known.id !== comment.id),
      })),
    }))
    onCountChange(-1)
    toast.success(t('comments.deleted'))
  }

  const askDelete = (comment: PlazaComment) =>
    user && user.id !== comment.author.id
      ? setRemoving(comment)
      : confirm({
          title: t('comments.deleteTitle'),
          description: t('comments.deleteBody'),
          confirmLabel: t('comments.delete'),
          destructive: true,
          onConfirm: async () => {
            try {
              await deleteComment(comment.id)
            } catch (failure) {
              toast.error(errorMessage(failure))
              return
            }
            removed(comment)
          },
        })

  return (
    <section id={id} aria-label={t('comments.label')} className="grid gap-3 border-t pt-3">
      {comments.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {t('feed.loading')}
        </p>
      ) : comments.isError ? (
        <Alert className="flex flex-wrap items-center justify-between gap-2">
          <span>{errorMessage(comments.error)}</span>
          <Button variant="outline" size="xs" onClick={() => void comments.refetch()}>
            {t('feed.retry')}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('comments.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {list.map((comment) => (
            <li
              key={comment.id}
              // A notification's link lands here (`/plaza/post/<id>#comment-<id>`).
              id={`comment-${comment.id}`}
              // The comment a link named stands out (`:target` does not follow the router).
              data-targeted={comment.id === target || undefined}
              className="flex scroll-mt-20 items-start gap-2.5 rounded-lg data-targeted:ring-2 data-targeted:ring-primary/40 data-targeted:ring-offset-2 data-targeted:ring-offset-background"
            >
              <PersonAvatar person={comment.author} className="size-7 text-[0.65rem]" />
              <div className="min-w-0 flex-1 rounded-lg bg-muted px-3 py-2">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <Link
                    to="/profile/$userId"
                    params={{ userId: comment.author.id }}
                    className="min-w-0 font-medium wrap-anywhere underline-offset-4 hover:underline max-md:-my-3 max-md:min-w-11 max-md:py-3"
                  >
                    {personName(comment.author)}
                  </Link>
                  <PostTime at={comment.createdAt} className="text-xs text-muted-foreground" />
                  {comment.editedAt && (
                    <EditedLabel
                      at={comment.editedAt}
                      className="text-xs text-muted-foreground"
                      onHistory={comment.canSeeVersions ? () => setHistory(comment.id) : undefined}
                    />
                  )}
                </p>
                <WithheldBadge withheld={comment.withheld} className="my-1" />
                {isEditing(comment) ? (
                  <InlineEditor
                    id={`comment-${comment.id}-edit`}
                    draftKey={editKey('comment', comment.id)}
                    initial={comment.body}
                    max={COMMENT_MAX_CHARS}
                    label={t('comments.editLabel')}
                    save={saveEdit(comment)}
                    onClose={() => setEditing(null)}
                  />
                ) : (
                  <p className="text-sm wrap-anywhere whitespace-pre-wrap">
                    <MentionText text={comment.body} />
                  </p>
                )}
              </div>
              {comment.canEdit && !isEditing(comment) && (
                <Button
                  variant="ghost"
                  size="xs"
                  iconOnly
                  onClick={() => setEditing(comment.id)}
                  aria-label={t('comments.edit')}
                  title={t('comments.edit')}
                  className="mt-1 text-muted-foreground"
                >
                  <Pencil aria-hidden="true" />
                </Button>
              )}
              {user && user.id !== comment.author.id && (
                <ReportButton
                  subject={{ kind: 'comment', id: comment.id }}
                  size="xs"
                  className="mt-1"
                />
              )}
              {comment.canDelete && (
                <Button
                  variant="ghost"
                  size="xs"
                  iconOnly
                  onClick={() => askDelete(comment)}
                  aria-label={t('comments.delete')}
                  title={t('comments.delete')}
                  className="mt-1 text-muted-foreground"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {comments.hasNextPage && (
        <div>
          <Button
            variant="link"
            size="sm"
            className="px-0"
            loading={comments.isFetchingNextPage}
            onClick={() => void comments.fetchNextPage()}
          >
            {t('comments.loadMore')}
          </Button>
        </div>
      )}

      {history && <VersionsDialog kind="comment" id={history} onClose={() => setHistory(null)} />}
      {removing && (
        <RemovalDialog
          title={t('comments.deleteTitle')}
          confirmLabel={t('comments.delete')}
          remove={async (reason) => {
            await deleteComment(removing.id, reason)
            removed(removing)
          }}
          onClose={() => setRemoving(null)}
        />
      )}

      {user ? (
        <form onSubmit={(event) => void send(event)} className="grid gap-2">
          <label htmlFor={`${id}-new`} className="sr-only">
            {t('comments.write')}
          </label>
          <div className="flex items-end gap-2">
            <MentionTextarea
              wrapperClassName="flex-1"
              id={`${id}-new`}
              value={text}
              rows={1}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('comments.placeholder')}
              aria-invalid={length > COMMENT_MAX_CHARS || undefined}
              className="min-h-10 flex-1 resize-y max-md:min-h-11"
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault()
                  event.currentTarget.form?.requestSubmit()
                }
              }}
            />
            <Button
              type="submit"
              loading={sending}
              disabled={length === 0 || length > COMMENT_MAX_CHARS}
            >
              <Send aria-hidden="true" className="rtl:-scale-x-100" />
              {t('comments.send')}
            </Button>
          </div>
          {length > COMMENT_MAX_CHARS * 0.8 && (
            <p
              className={
                length > COMMENT_MAX_CHARS ? 'text-xs text-error' : 'text-xs text-muted-foreground'
              }
            >
              {length}/{COMMENT_MAX_CHARS}
            </p>
          )}
          {error && <Alert>{error}</Alert>}
        </form>
      ) : (
        <div>
          <Button variant="outline" size="sm" onClick={loginDialog.openLogin}>
            {t('comments.logIn')}
          </Button>
        </div>
      )}
    </section>
  )
}
