import { CircleAlert, ImagePlus, RotateCw, Trash2, X } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState, type ClipboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Select } from '@/components/ui/select.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { formatNumber } from '@/lib/format.ts'
import { useLeaveGuard } from '@/lib/leave-guard.ts'
import { useToast } from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'
import { keepUploads } from '../api/keep-uploads.ts'
import { createPost } from '../api/create-post.ts'
import { uploadPlazaImage } from '../api/upload-image.ts'
import type { PlazaDistrict, PlazaImage, PlazaPost } from '@/lib/api/types.ts'
import { MentionTextarea } from '@/components/mention-textarea.tsx'
import { useFileDrop } from '@/lib/file-drop.ts'
import { charCount } from '@/lib/text.ts'
import { useUploadQueue, type UploadItem } from '@/lib/upload-queue.ts'
import { clearDraft, EMPTY_DRAFT, loadDraft, saveDraft, type DraftImage } from '../draft.ts'
import {
  composerProblem,
  IMAGE_ACCEPT,
  isImageFile,
  MAX_IMAGES,
  POST_MAX_CHARS,
  roomFor,
} from '../rules.ts'
import { districtName } from '../district.ts'

/** How often an open composer tells the server its draft's images are still wanted (the
 * sweep takes unused uploads a day after they were last kept). */
const KEEP_EVERY_MS = 60 * 60 * 1000

/**
 * Writing a post: text with a live count to 2000, up to nine images (chosen, pasted or dropped;
 * each uploads at once with its own progress bar and may be removed), an optional district, and
 * Post. The server's refusals show in the form, in the interface language.
 *
 * The draft (text, the district chosen here, the uploaded images) is kept in this browser for
 * `userId` (`../draft.ts`) until it is posted or discarded, so a filter change, another page or
 * a reload does not lose it; its images are kept from the server's sweep (`POST
 * /api/media/keep`) when it comes back and hourly while it is open, and one that is gone anyway
 * is dropped with a word. Post pressed while images upload posts once they are in (cancelable),
 * or says which image failed.
 */
export function Composer({
  userId,
  provinces,
  filterDistrict,
  onPosted,
}: {
  /** Whose draft this is: the composer is mounted once per user (`key`). */
  userId: string
  provinces: readonly PlazaDistrict[]
  /** The district the feed is filtered by: the post's district until one is chosen here. */
  filterDistrict: string | null
  onPosted: (post: PlazaPost) => void
}) {
  const { t, i18n } = useTranslation('plaza')
  const toast = useToast()
  const confirm = useConfirm()
  const ids = useId()
  const input = useRef<HTMLInputElement>(null)
  const [initial] = useState(() => loadDraft(userId) ?? EMPTY_DRAFT)
  // Set below, once everything it uses is declared.
  const uploadsEndedRef = useRef<() => void>(() => undefined)
  const images = useUploadQueue<PlazaImage>({
    upload: uploadPlazaImage,
    parallel: 1,
    previews: true,
    initial: () => initial.images.map(({ name, image }) => ({ name, result: image })),
    onIdle: () => uploadsEndedRef.current(),
  })
  const [body, setBody] = useState(initial.body)
  /** Chosen here: `null` follows the filter, `''` is "No district". */
  const [chosenDistrict, setChosenDistrict] = useState<string | null>(initial.district)
  const district = chosenDistrict ?? filterDistrict ?? ''
  const [posting, setPosting] = useState(false)
  const [waiting, setWaiting] = useState(false)
  const [waitFailed, setWaitFailed] = useState(false)
  const [gone, setGone] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const postingRef = useRef(false)
  const waitingRef = useRef(false)
  const latestRef = useRef({ body, district })

  const length = charCount(body)
  const problem = composerProblem(body, images.items)
  // "Empty" is said only after an attempt; the others as soon as they are true.
  const shownProblem = problem === 'empty' && !tried ? null : problem
  const uploading = images.items.some(
    (item) => item.state === 'queued' || item.state === 'uploading',
  )
  const failedNames = images.items
    .filter((item) => item.state === 'failed')
    .map((item) => item.name)
  const kept: DraftImage[] = images.items.flatMap((item) =>
    item.result ? [{ name: item.name, image: item.result }] : [],
  )
  const keptKey = kept.map((item) => item.image.id).join()
  const hasDraft = body.trim() !== '' || chosenDistrict !== null || images.items.length > 0

  // The draft follows every change; an empty one removes the entry.
  const keptRef = useRef(kept)
  useEffect(() => {
    keptRef.current = kept
  })
  useEffect(() => {
    saveDraft(userId, { body, district: chosenDistrict, images: keptRef.current })
  }, [userId, body, chosenDistrict, keptKey])

  /** Takes out the uploaded images whose server ids are in `imageIds` (gone from the server). */
  const { remove, now } = images
  const drop = useCallback(
    (imageIds: readonly string[]) => {
      for (const item of now()) {
        if (item.result && imageIds.includes(item.result.id)) remove(item.id)
      }
    },
    [remove, now],
  )

  /** Tells the server the draft's uploaded images are still wanted; drops those it lost. */
  const keepImages = useCallback(async () => {
    const wanted = keptRef.current.map((item) => item.image.id)
    if (wanted.length === 0) return
    try {
      const { missing } = await keepUploads(wanted)
      if (missing.length > 0) {
        drop(missing)
        setGone((count) => count + missing.length)
      }
    } catch {
      // Offline or limited: the next keep, or the post itself, will say.
    }
  }, [drop])
  useEffect(() => {
    void keepImages()
    const timer = setInterval(() => void keepImages(), KEEP_EVERY_MS)
    return () => clearInterval(timer)
  }, [keepImages])

  // The text is kept anyway; what leaving would lose is an upload on its way or a post waiting.
  useLeaveGuard({
    when: uploading || waiting,
    title: t('composer.leave.title'),
    description: t('composer.leave.body'),
  })

  const addFiles = (files: readonly File[]) => {
    const chosen = files.filter(isImageFile)
    if (chosen.length === 0) return
    const fits = roomFor(images.now().length, chosen.length)
    images.add(chosen.slice(0, fits))
    const leftOut = chosen.length - fits
    if (leftOut > 0) toast.warning(t('composer.leftOut', { count: leftOut, max: MAX_IMAGES }))
  }
  const { over, dropProps } = useFileDrop(addFiles)

  const submit = () => {
    setTried(true)
    setWaitFailed(false)
    if (postingRef.current) return
    if (problem === 'uploading') {
      // Posted when the last upload is in (the queue's `onIdle` above).
      waitingRef.current = true
      setWaiting(true)
      return
    }
    if (!problem) void post()
  }

  /** Sends the post as the composer holds it now. */
  const post = async () => {
    const { body, district } = latestRef.current
    const items = images.now()
    if (postingRef.current || composerProblem(body, items)) return
    postingRef.current = true
    setPosting(true)
    setError(null)
    try {
      const created = await createPost({
        body: body.trim(),
        imageIds: items.flatMap((item) => (item.result ? [item.result.id] : [])),
        ...(district ? { district } : {}),
      })
      setBody('')
      setChosenDistrict(null)
      setTried(false)
      setGone(0)
      images.clear()
      clearDraft(userId)
      // Held by the word list: it is posted for its author alone until a moderator decides.
      toast.success(t(created.withheld === 'held' ? 'composer.postedHeld' : 'composer.posted'))
      onPosted(created)
    } catch (failure) {
      setError(errorMessage(failure))
      // An image the server no longer has: find which, and drop it with a word.
      void keepImages()
    } finally {
      postingRef.current = false
      setPosting(false)
    }
  }

  // What the last render holds, for callbacks that run between renders.
  useEffect(() => {
    latestRef.current = { body, district }
    // Post pressed while images uploaded: once the last is in, post, or say which failed.
    uploadsEndedRef.current = () => {
      if (!waitingRef.current) return
      waitingRef.current = false
      setWaiting(false)
      const problem = composerProblem(latestRef.current.body, images.now())
      if (problem === 'failedImage') setWaitFailed(true)
      else void post()
    }
  })

  const discard = () =>
    confirm({
      title: t('composer.discard.title'),
      description: t('composer.discard.body'),
      confirmLabel: t('composer.discard.confirm'),
      destructive: true,
      onConfirm: () => {
        images.clear()
        setBody('')
        setChosenDistrict(null)
        setTried(false)
        waitingRef.current = false
        setWaiting(false)
        setWaitFailed(false)
        setGone(0)
        setError(null)
        clearDraft(userId)
      },
    })

  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files]
    if (files.some(isImageFile)) {
      event.preventDefault()
      addFiles(files)
    }
  }

  return (
    <section
      aria-labelledby={`${ids}-title`}
      {...dropProps}
      className={cn(
        'rounded-xl border bg-card p-4 shadow-xs transition-colors md:p-5',
        over && 'border-primary bg-primary/5',
      )}
    >
      <h2 id={`${ids}-title`} className="sr-only">
        {t('composer.title')}
      </h2>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${ids}-body`} className="text-sm font-medium">
            {t('composer.text')}
          </label>
          <MentionTextarea
            id={`${ids}-body`}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            onPaste={onPaste}
            placeholder={t('composer.placeholder')}
            aria-invalid={length > POST_MAX_CHARS || undefined}
            aria-describedby={`${ids}-count`}
            rows={3}
            className="min-h-24 resize-y"
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault()
                submit()
              }
            }}
          />
          <p
            id={`${ids}-count`}
            aria-live="polite"
            className={cn(
              'justify-self-end text-xs tabular-nums',
              length > POST_MAX_CHARS ? 'font-medium text-error' : 'text-muted-foreground',
            )}
          >
            {t('composer.counter', {
              count: formatNumber(length),
              max: formatNumber(POST_MAX_CHARS),
            })}
          </p>
        </div>

        {images.items.length > 0 && (
          <ul aria-label={t('composer.images')} className="grid grid-cols-3 gap-2 md:grid-cols-5">
            {images.items.map((item) => (
              <ImageTile
                key={item.id}
                item={item}
                onRemove={() => images.remove(item.id)}
                onRetry={() => images.retry(item.id)}
              />
            ))}
          </ul>
        )}

        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <div className="flex flex-1 flex-wrap items-end gap-3">
            <input
              ref={input}
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              hidden
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                addFiles([...(event.target.files ?? [])])
                event.target.value = ''
              }}
            />
            <Button
              variant="outline"
              onClick={() => input.current?.click()}
              disabled={images.items.length >= MAX_IMAGES}
              aria-describedby={`${ids}-images-hint`}
            >
              <ImagePlus aria-hidden="true" />
              {t('composer.addImages')}
              <span className="text-muted-foreground tabular-nums">
                {images.items.length}/{MAX_IMAGES}
              </span>
            </Button>
            <div className="grid min-w-40 flex-1 gap-1.5 md:max-w-56 md:flex-none">
              <label htmlFor={`${ids}-district`} className="text-sm font-medium">
                {t('composer.district')}
              </label>
              <Select
                id={`${ids}-district`}
                value={district}
                onChange={(event) => setChosenDistrict(event.target.value)}
              >
                <option value="">{t('composer.noDistrict')}</option>
                {provinces.map((province) => (
                  <option key={province.code} value={province.code}>
                    {districtName(province)}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-2">
            {hasDraft && !waiting && (
              <Button variant="ghost" onClick={discard} disabled={posting}>
                <Trash2 aria-hidden="true" />
                {t('composer.discard.action')}
              </Button>
            )}
            <Button
              type="submit"
              loading={posting || waiting}
              aria-describedby={waiting ? `${ids}-waiting` : undefined}
              className="md:min-w-28"
            >
              {t('composer.post')}
            </Button>
          </div>
        </div>
        <div className="grid gap-0.5 text-xs text-muted-foreground">
          <p id={`${ids}-images-hint`}>{t('composer.imagesHint', { max: MAX_IMAGES })}</p>
          {hasDraft && <p>{t('composer.draft.kept')}</p>}
        </div>

        {gone > 0 && (
          <Alert tone="warning">{t('composer.draft.imagesGone', { count: gone })}</Alert>
        )}
        {waiting ? (
          <div
            id={`${ids}-waiting`}
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted px-3 py-2 text-sm"
          >
            <span>{t('composer.waiting')}</span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                waitingRef.current = false
                setWaiting(false)
              }}
            >
              {t('composer.cancelWaiting')}
            </Button>
          </div>
        ) : waitFailed && failedNames.length > 0 ? (
          <p role="alert" className="text-sm text-error">
            {t('composer.waitFailed', {
              count: failedNames.length,
              names: new Intl.ListFormat(i18n.language).format(failedNames),
            })}
          </p>
        ) : (
          shownProblem && (
            <p
              role={shownProblem === 'uploading' ? 'status' : 'alert'}
              className={cn(
                'text-sm',
                shownProblem === 'uploading' ? 'text-muted-foreground' : 'text-error',
              )}
            >
              {t(`composer.problem.${shownProblem}`, {
                max: shownProblem === 'tooLong' ? POST_MAX_CHARS : MAX_IMAGES,
              })}
            </p>
          )
        )}
        {error && <Alert role="alert">{error}</Alert>}
      </form>
    </section>
  )
}

/** One chosen image: its preview, a progress bar while it uploads, remove and (failed) retry. */
function ImageTile({
  item,
  onRemove,
  onRetry,
}: {
  item: UploadItem<PlazaImage>
  onRemove: () => void
  onRetry: () => void
}) {
  const { t } = useTranslation('plaza')
  const percent =
    item.state === 'done'
      ? 100
      : item.total > 0
        ? Math.min(100, Math.round((item.loaded / item.total) * 100))
        : 0
  const status =
    item.state === 'queued'
      ? t('composer.queued')
      : item.state === 'uploading'
        ? t('composer.percent', { percent: formatNumber(percent) })
        : item.state === 'done'
          ? t('composer.done')
          : t('composer.failed')
  const src = item.result?.thumbnailUrl ?? item.preview
  return (
    <li className="grid gap-1">
      <div className="relative aspect-square overflow-hidden rounded-lg border bg-muted">
        {src && (
          <img
            src={src}
            alt=""
            width={item.result?.width}
            height={item.result?.height}
            className={cn('size-full object-cover', item.state !== 'done' && 'opacity-60')}
          />
        )}
        {item.state === 'failed' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-background/80 p-1">
            <CircleAlert aria-hidden="true" className="size-5 text-error" />
            <Button
              variant="outline"
              size="xs"
              onClick={onRetry}
              aria-label={t('composer.retry', { name: item.name })}
            >
              <RotateCw aria-hidden="true" />
            </Button>
          </div>
        )}
        <Button
          variant="outline"
          size="xs"
          iconOnly
          onClick={onRemove}
          aria-label={t('composer.remove', { name: item.name })}
          title={t('composer.remove', { name: item.name })}
          className="absolute end-1 top-1 rounded-full shadow-sm"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={item.name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.state === 'failed' ? 0 : percent}
        aria-valuetext={status}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-200',
            item.state === 'failed' ? 'bg-error' : 'bg-primary',
          )}
          style={{ width: `${item.state === 'failed' ? 100 : percent}%` }}
        />
      </div>
      {item.state === 'failed' && item.message && (
        <p role="alert" className="text-xs break-words text-error">
          {item.message}
        </p>
      )}
    </li>
  )
}
