import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, CircleAlert, CircleCheck, Eye, Send, Trash2, Undo2 } from 'lucide-react'
import { Suspense, useDeferredValue, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MentionTextarea } from '@/components/mention-textarea.tsx'
import { ReasonDialog } from '@/components/reason-dialog.tsx'
import { WithheldBadge } from '@/components/withheld-badge.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import type { Article } from '@/lib/api/types.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { formatTimeOrDay } from '@/lib/format.ts'
import { useLeaveGuard } from '@/lib/leave-guard.ts'
import { NARROW_QUERY, useMediaQuery } from '@/lib/media-query.ts'
import { useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'
import { useDeleteArticle } from '../api/delete-article.ts'
import { useArticle } from '../api/get-article.ts'
import { useSetArticlePublished } from '../api/publish-article.ts'
import { BODY_MAX_CHARS, REMOVAL_REASON_MAX_CHARS, TITLE_MAX_CHARS } from '../rules.ts'
import { ConflictDialog } from './conflict-dialog.tsx'
import { ImageTools } from './image-tools.tsx'
import { isMembersOnly } from '../errors.ts'
import { LoadFailed, Loading, MembersOnly, NotAllowedToEdit } from './states.tsx'
import { useAutosave, type AutosaveState } from './use-autosave.ts'
import { useImageUpload } from './use-image-upload.ts'
import { LazyMarkdownView } from '@/lib/markdown/lazy.ts'

/**
 * `/group/{groupId}/article/{articleId}/edit`: the article's editor, for its author and the
 * group's managers (`article.mayEdit`); everyone else is told they may not edit it.
 */
export function ArticleEditorPage({ groupId, articleId }: { groupId: string; articleId: string }) {
  const article = useArticle(groupId, articleId)
  // Once loaded, the editor stays: a failed background refetch must not take the text away.
  if (article.data) {
    if (!article.data.mayEdit) return <NotAllowedToEdit groupId={groupId} articleId={articleId} />
    return <ArticleEditor key={articleId} groupId={groupId} initial={article.data} />
  }
  if (article.isError) {
    if (isMembersOnly(article.error)) return <MembersOnly groupId={groupId} />
    return <LoadFailed error={article.error} onRetry={() => void article.refetch()} />
  }
  return <Loading />
}

function ArticleEditor({ groupId, initial }: { groupId: string; initial: Article }) {
  const { t } = useTranslation('group-content')
  const toast = useToast()
  const confirm = useConfirm()
  const navigate = useNavigate()
  const { user } = useSession()
  const autosave = useAutosave(groupId, initial)
  const { text, article, problem } = autosave
  const articleId = article.id
  const setPublished = useSetArticlePublished(groupId, articleId)
  const remove = useDeleteArticle(groupId, articleId)
  const narrow = useMediaQuery(NARROW_QUERY)
  const [tab, setTab] = useState('write')
  const [dismissedConflict, setDismissedConflict] = useState<Article | null>(null)
  // A manager deleting someone else's article, with a reason its author is told.
  const [removing, setRemoving] = useState(false)
  // … or unpublishing it (hidden from its readers), likewise.
  const [hiding, setHiding] = useState(false)
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const bodyId = useId()
  const previewId = useId()
  const previewText = useDeferredValue(text.body)

  const conflict = problem?.kind === 'conflict' ? problem.current : null

  // Leaving saves first; only what cannot be saved (a conflict, a blank title, a failure) asks.
  // A reload or closing the tab with unsaved text gets the browser's own prompt.
  const { allowLeaving } = useLeaveGuard({
    when: async () => !(await autosave.saveNow()),
    beforeUnload: () => autosave.hasUnsaved(),
    title: t('editor.leave.title'),
    description: t('editor.leave.body'),
    leaveLabel: t('editor.leave.leave'),
    stayLabel: t('editor.leave.stay'),
  })

  const images = useImageUpload({
    groupId,
    articleId,
    text: text.body,
    setText: (body) => autosave.edit({ body }),
    field: textareaRef,
  })

  /** Throws what the server refused (the reason dialog shows it and keeps the reason). */
  const setStatus = async (publish: boolean, reason?: string) => {
    await autosave.exclusive(async () => {
      autosave.accept(await setPublished.mutateAsync({ publish, reason }))
    })
    toast.success(publish ? t('editor.publishedToast') : t('editor.unpublishedToast'))
  }

  const changeStatus = async (publish: boolean) => {
    if (!(await autosave.saveNow())) {
      toast.error(publish ? t('editor.publishNeedsSave') : t('editor.unpublishNeedsSave'))
      return
    }
    // A manager hiding someone else's article may tell its author why.
    if (!publish && user && user.id !== article.author.id) {
      setHiding(true)
      return
    }
    try {
      await setStatus(publish)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  const deleted = () => {
    autosave.stop()
    allowLeaving()
    toast.success(t('editor.delete.done'))
    void navigate({ to: '/group/$groupId/articles', params: { groupId } })
  }

  const askDelete = () =>
    user && user.id !== article.author.id
      ? setRemoving(true)
      : confirm({
          title: t('editor.delete.title'),
          description: t('editor.delete.body', { title: text.title || article.title }),
          confirmLabel: t('editor.delete.confirm'),
          destructive: true,
          onConfirm: async () => {
            try {
              await remove.mutateAsync(undefined)
            } catch (error) {
              toast.error(errorMessage(error))
              return
            }
            deleted()
          },
        })

  const published = article.status === 'published'
  const busy = setPublished.isPending

  const textarea = (
    <MentionTextarea
      groupId={groupId}
      followCaret
      ref={textareaRef}
      id={bodyId}
      value={text.body}
      maxLength={BODY_MAX_CHARS}
      spellCheck
      aria-describedby={`${bodyId}-hint`}
      onChange={(event) => autosave.edit({ body: event.target.value })}
      onBlur={() => void autosave.saveNow()}
      {...images.fieldProps}
      placeholder={t('editor.bodyPlaceholder')}
      className={cn(
        'block h-[60vh] min-h-64 resize-none font-mono leading-relaxed',
        images.dragging && 'border-primary ring-2 ring-primary',
      )}
    />
  )

  const preview = (
    <div
      role="region"
      aria-labelledby={narrow ? undefined : previewId}
      aria-label={narrow ? t('editor.preview') : undefined}
      // Scrolls on its own: reachable by keyboard.
      tabIndex={0}
      className="h-[60vh] min-h-64 overflow-y-auto rounded-md border bg-card px-4 py-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {previewText.trim() ? (
        <Suspense fallback={<Spinner className="size-5 text-muted-foreground" />}>
          <LazyMarkdownView content={previewText} cached={false} className="md-article" />
        </Suspense>
      ) : (
        <p className="text-muted-foreground">{t('editor.previewEmpty')}</p>
      )}
    </div>
  )

  return (
    <section aria-labelledby="editor-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <Button asChild variant="ghost" size="sm" className="-ms-3">
            <Link to="/group/$groupId/articles" params={{ groupId }}>
              <ArrowLeft aria-hidden="true" />
              {t('articles.title')}
            </Link>
          </Button>
          <h2 id="editor-heading" className="text-xl font-semibold">
            {t('editor.heading')}
          </h2>
          <Badge tone={published ? 'success' : 'warning'}>
            {published ? t('status.published') : t('status.draft')}
          </Badge>
        </div>
        <SaveStatus
          state={autosave}
          onRetry={() => void autosave.saveNow()}
          onResolve={() => setDismissedConflict(null)}
        />
      </div>
      <WithheldBadge withheld={article.withheld} />

      <div className="flex flex-wrap gap-2">
        <ImageTools upload={images} />
        <Button asChild variant="outline" size="sm">
          <Link to="/group/$groupId/article/$articleId/display" params={{ groupId, articleId }}>
            <Eye aria-hidden="true" />
            {t('editor.view')}
          </Link>
        </Button>
        {published ? (
          <Button
            variant="outline"
            size="sm"
            loading={busy}
            onClick={() => void changeStatus(false)}
          >
            {!busy && <Undo2 aria-hidden="true" />}
            {t('editor.unpublish')}
          </Button>
        ) : (
          <Button size="sm" loading={busy} onClick={() => void changeStatus(true)}>
            {!busy && <Send aria-hidden="true" />}
            {t('editor.publish')}
          </Button>
        )}
        <Button variant="destructive-ghost" size="sm" className="ms-auto" onClick={askDelete}>
          <Trash2 aria-hidden="true" />
          {t('editor.delete.button')}
        </Button>
      </div>

      <Field
        label={t('editor.title')}
        error={problem?.kind === 'invalid' ? t('editor.titleRequired') : undefined}
      >
        {(control) => (
          <Input
            {...control}
            size="lg"
            value={text.title}
            maxLength={TITLE_MAX_CHARS}
            autoComplete="off"
            className="font-semibold md:text-lg"
            onChange={(event) => autosave.edit({ title: event.target.value })}
            onBlur={() => void autosave.saveNow()}
          />
        )}
      </Field>

      {narrow ? (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="w-full">
            <TabsTrigger value="write" className="flex-1">
              {t('editor.write')}
            </TabsTrigger>
            <TabsTrigger value="preview" className="flex-1">
              {t('editor.preview')}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="write">
            <label htmlFor={bodyId} className="sr-only">
              {t('editor.body')}
            </label>
            {textarea}
          </TabsContent>
          <TabsContent value="preview">{preview}</TabsContent>
        </Tabs>
      ) : (
        <div className="grid grid-cols-2 gap-4">
          <div className="grid min-w-0 content-start gap-1.5">
            <label htmlFor={bodyId} className="text-sm font-medium">
              {t('editor.body')}
            </label>
            {textarea}
          </div>
          <div className="grid min-w-0 content-start gap-1.5">
            <span id={previewId} className="text-sm font-medium">
              {t('editor.preview')}
            </span>
            {preview}
          </div>
        </div>
      )}
      <p id={`${bodyId}-hint`} className="text-xs text-muted-foreground">
        {t('editor.hint')}
      </p>

      {conflict && (
        <ConflictDialog
          current={conflict}
          open={conflict !== dismissedConflict}
          onClose={() => setDismissedConflict(conflict)}
          onReloadTheirs={autosave.reloadTheirs}
          onKeepMine={() => void autosave.keepMine()}
        />
      )}
      {removing && (
        <ReasonDialog
          title={t('editor.delete.title')}
          confirmLabel={t('editor.delete.confirm')}
          max={REMOVAL_REASON_MAX_CHARS}
          texts={{
            description: t('editor.delete.removeBody', { title: text.title || article.title }),
            reason: t('removal.reason'),
            placeholder: t('removal.placeholder'),
            cancel: t('editor.delete.cancel'),
          }}
          remove={async (reason) => {
            await remove.mutateAsync(reason)
            deleted()
          }}
          onClose={() => setRemoving(false)}
        />
      )}
      {hiding && (
        <ReasonDialog
          title={t('editor.hide.title')}
          confirmLabel={t('editor.hide.confirm')}
          max={REMOVAL_REASON_MAX_CHARS}
          texts={{
            description: t('editor.hide.body', { title: text.title || article.title }),
            reason: t('removal.reason'),
            placeholder: t('removal.placeholder'),
            cancel: t('editor.delete.cancel'),
          }}
          remove={(reason) => setStatus(false, reason)}
          onClose={() => setHiding(false)}
        />
      )}
    </section>
  )
}

/** "Saved 14:05", "Saving…", "Unsaved changes", or what keeps the text from being saved. */
function SaveStatus({
  state,
  onRetry,
  onResolve,
}: {
  state: AutosaveState
  onRetry: () => void
  onResolve: () => void
}) {
  const { t } = useTranslation('group-content')
  const { problem, saving, dirty, savedAt } = state
  let content
  if (problem?.kind === 'conflict') {
    content = (
      <>
        <CircleAlert aria-hidden="true" className="size-4 text-warning" />
        <span className="text-warning">{t('save.conflict')}</span>
        <Button variant="link" className="h-auto p-0 text-sm" onClick={onResolve}>
          {t('save.resolve')}
        </Button>
      </>
    )
  } else if (problem?.kind === 'failed' && !saving) {
    content = (
      <>
        <CircleAlert aria-hidden="true" className="size-4 text-error" />
        <span className="text-error">{t('save.failed', { reason: problem.message })}</span>
        <Button variant="link" className="h-auto p-0 text-sm" onClick={onRetry}>
          {t('retry')}
        </Button>
      </>
    )
  } else if (problem?.kind === 'invalid') {
    content = (
      <>
        <CircleAlert aria-hidden="true" className="size-4 text-warning" />
        <span className="text-warning">{t('save.needsTitle')}</span>
      </>
    )
  } else if (saving) {
    content = (
      <>
        <Spinner className="size-4" />
        <span>{t('save.saving')}</span>
      </>
    )
  } else if (dirty) {
    content = <span>{t('save.unsaved')}</span>
  } else {
    content = (
      <>
        <CircleCheck aria-hidden="true" className="size-4 text-success" />
        <span>{t('save.saved', { time: formatTimeOrDay(Date.parse(savedAt)) })}</span>
      </>
    )
  }
  return (
    <p role="status" className="flex min-h-8 items-center gap-1.5 text-sm text-muted-foreground">
      {content}
    </p>
  )
}
