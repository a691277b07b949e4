import { Link, useNavigate } from '@tanstack/react-router'
import {
  ArrowLeft,
  CircleAlert,
  CircleCheck,
  Eye,
  ImagePlus,
  Send,
  Trash2,
  Undo2,
} from 'lucide-react'
import {
  lazy,
  Suspense,
  useDeferredValue,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
} from 'react'
import { useTranslation } from 'react-i18next'
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
import { useToast } from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'
import { useFileDrop } from '@/lib/file-drop.ts'
import { useDeleteArticle } from '../api/delete-article.ts'
import { useArticle } from '../api/get-article.ts'
import { useSetArticlePublished } from '../api/publish-article.ts'
import { uploadImage } from '../api/upload-image.ts'
import { BODY_MAX_CHARS, IMAGE_ACCEPT, isImageFile, TITLE_MAX_CHARS } from '../rules.ts'
import { ConflictDialog } from './conflict-dialog.tsx'
import {
  altText,
  imageMarkdown,
  insertBlock,
  replacePlaceholder,
  uploadPlaceholder,
} from './image-markdown.ts'
import { isMembersOnly } from '../errors.ts'
import { LoadFailed, Loading, MembersOnly, NotAllowedToEdit } from './states.tsx'
import { useAutosave, type AutosaveState } from './use-autosave.ts'

const MarkdownView = lazy(() => import('@/lib/markdown/markdown-view.tsx'))

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
  const autosave = useAutosave(groupId, initial)
  const { text, article, problem } = autosave
  const articleId = article.id
  const setPublished = useSetArticlePublished(groupId, articleId)
  const remove = useDeleteArticle(groupId, articleId)
  const narrow = useMediaQuery(NARROW_QUERY)
  const [tab, setTab] = useState('write')
  const [dismissedConflict, setDismissedConflict] = useState<Article | null>(null)
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const fileInputRef = useRef<HTMLInputElement>(null)
  const caretRef = useRef<number | null>(null)
  const uploadingRef = useRef(new Set<string>())
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

  // After an insertion, the caret goes after what was inserted.
  useLayoutEffect(() => {
    const caret = caretRef.current
    const textarea = textareaRef.current
    if (caret === null || !textarea) return
    caretRef.current = null
    textarea.setSelectionRange(caret, caret)
  }, [text.body])

  /** Uploads images into the gallery, each behind a placeholder at the caret until it is in. */
  const addImages = (files: File[]) => {
    const images = files.filter(isImageFile)
    if (images.length < files.length) toast.warning(t('editor.onlyImages'))
    if (images.length === 0) return
    const body = autosave.currentText().body
    const textarea = textareaRef.current
    const start = textarea ? textarea.selectionStart : body.length
    const end = textarea ? textarea.selectionEnd : body.length
    const uploads = images.map((file) => {
      const placeholder = uploadPlaceholder(
        body,
        t('editor.uploading', { name: file.name }),
        uploadingRef.current,
      )
      uploadingRef.current.add(placeholder)
      return { file, placeholder }
    })
    const inserted = insertBlock(
      body,
      start,
      end,
      uploads.map((upload) => upload.placeholder).join('\n\n'),
    )
    caretRef.current = inserted.caret
    autosave.edit({ body: inserted.body })

    for (const { file, placeholder } of uploads) {
      const settle = (markdown: string | null) => {
        uploadingRef.current.delete(placeholder)
        const current = autosave.currentText().body
        // Deleted by hand meanwhile: the image stays in the gallery, the text as it is.
        if (!current.includes(placeholder)) return
        autosave.edit({ body: replacePlaceholder(current, placeholder, markdown) })
      }
      uploadImage(groupId, file, { articleId }).then(
        (image) =>
          settle(imageMarkdown(altText(file.name, t('editor.imageAlt')), image.url, image)),
        (error: unknown) => {
          settle(null)
          toast.error(t('editor.uploadFailed', { name: file.name, reason: errorMessage(error) }))
        },
      )
    }
  }

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files].filter(isImageFile)
    if (files.length === 0) return
    event.preventDefault()
    addImages(files)
  }

  const { over: dragging, dropProps } = useFileDrop(addImages)

  const changeStatus = async (publish: boolean) => {
    if (!(await autosave.saveNow())) {
      toast.error(publish ? t('editor.publishNeedsSave') : t('editor.unpublishNeedsSave'))
      return
    }
    try {
      await autosave.exclusive(async () => {
        autosave.accept(await setPublished.mutateAsync(publish))
      })
      toast.success(publish ? t('editor.publishedToast') : t('editor.unpublishedToast'))
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  const askDelete = () =>
    confirm({
      title: t('editor.delete.title'),
      description: t('editor.delete.body', { title: text.title || article.title }),
      confirmLabel: t('editor.delete.confirm'),
      destructive: true,
      onConfirm: async () => {
        try {
          await remove.mutateAsync()
        } catch (error) {
          toast.error(errorMessage(error))
          return
        }
        autosave.stop()
        allowLeaving()
        toast.success(t('editor.delete.done'))
        void navigate({ to: '/group/$groupId/articles', params: { groupId } })
      },
    })

  const published = article.status === 'published'
  const busy = setPublished.isPending

  const textarea = (
    <textarea
      ref={textareaRef}
      id={bodyId}
      value={text.body}
      maxLength={BODY_MAX_CHARS}
      spellCheck
      aria-describedby={`${bodyId}-hint`}
      onChange={(event) => autosave.edit({ body: event.target.value })}
      onBlur={() => void autosave.saveNow()}
      onPaste={onPaste}
      {...dropProps}
      placeholder={t('editor.bodyPlaceholder')}
      className={cn(
        'block h-[60vh] min-h-64 w-full resize-none rounded-md border border-input bg-background px-3 py-2 font-mono text-base leading-relaxed text-foreground shadow-xs md:text-sm',
        'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        dragging && 'border-primary ring-2 ring-primary',
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
          <MarkdownView content={previewText} cached={false} className="md-article" />
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

      <div className="flex flex-wrap gap-2">
        <input
          ref={fileInputRef}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            addImages([...(event.target.files ?? [])])
            event.target.value = ''
          }}
        />
        <Button variant="outline" size="sm" onClick={() => fileInputRef.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {t('editor.addImages')}
        </Button>
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
