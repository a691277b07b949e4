import { CircleAlert, ImagePlus, RotateCw, X } from 'lucide-react'
import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Select } from '@/components/ui/select.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { formatNumber } from '@/lib/format.ts'
import { useToast } from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'
import { createPost } from '../api/posts.ts'
import type { PlazaDistrict, PlazaPost } from '@/lib/api/types.ts'
import {
  charCount,
  composerProblem,
  IMAGE_ACCEPT,
  isImageFile,
  MAX_IMAGES,
  POST_MAX_CHARS,
} from '../rules.ts'
import { districtName } from './post-card.tsx'
import { Textarea } from './textarea.tsx'
import { usePostImages, type PostImageItem } from './use-post-images.ts'

/**
 * Writing a post: text with a live count to 2000, up to nine images (chosen, pasted or dropped;
 * each uploads at once with its own progress bar and may be removed), an optional district, and
 * Post. The server's refusals show in the form, in the interface language.
 */
export function Composer({
  provinces,
  district: initialDistrict,
  onPosted,
}: {
  provinces: readonly PlazaDistrict[]
  /** The district the feed is filtered by, the composer's first choice. */
  district: string | null
  onPosted: (post: PlazaPost) => void
}) {
  const { t } = useTranslation('plaza')
  const toast = useToast()
  const ids = useId()
  const input = useRef<HTMLInputElement>(null)
  const images = usePostImages()
  const [body, setBody] = useState('')
  const [district, setDistrict] = useState(initialDistrict ?? '')
  const [posting, setPosting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const [over, setOver] = useState(false)

  const length = charCount(body)
  const problem = composerProblem(body, images.items)
  // "Empty" is said only after an attempt; the others as soon as they are true.
  const shownProblem = problem === 'empty' && !tried ? null : problem

  const addFiles = (files: readonly File[]) => {
    const chosen = files.filter(isImageFile)
    if (chosen.length === 0) return
    const leftOut = images.add(chosen)
    if (leftOut > 0) toast.warning(t('composer.leftOut', { count: leftOut, max: MAX_IMAGES }))
  }

  const submit = async () => {
    setTried(true)
    if (problem || posting) return
    setPosting(true)
    setError(null)
    try {
      const post = await createPost({
        body: body.trim(),
        imageIds: images.items.flatMap((item) => (item.image ? [item.image.id] : [])),
        ...(district ? { district } : {}),
      })
      setBody('')
      setTried(false)
      images.clear()
      toast.success(t('composer.posted'))
      onPosted(post)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setPosting(false)
    }
  }

  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files]
    if (files.some(isImageFile)) {
      event.preventDefault()
      addFiles(files)
    }
  }
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')

  return (
    <section
      aria-labelledby={`${ids}-title`}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
        setOver(true)
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={(event) => {
        setOver(false)
        if (event.dataTransfer.files.length === 0) return
        event.preventDefault()
        addFiles([...event.dataTransfer.files])
      }}
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
          void submit()
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${ids}-body`} className="text-sm font-medium">
            {t('composer.text')}
          </label>
          <Textarea
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
                void submit()
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
                onChange={(event) => setDistrict(event.target.value)}
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
          <Button type="submit" loading={posting} className="md:min-w-28">
            {t('composer.post')}
          </Button>
        </div>
        <p id={`${ids}-images-hint`} className="text-xs text-muted-foreground">
          {t('composer.imagesHint', { max: MAX_IMAGES })}
        </p>

        {shownProblem && (
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
  item: PostImageItem
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
  const src = item.image?.thumbnailUrl ?? item.preview
  return (
    <li className="grid gap-1">
      <div className="relative aspect-square overflow-hidden rounded-lg border bg-muted">
        {src && (
          <img
            src={src}
            alt=""
            width={item.image?.width}
            height={item.image?.height}
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
