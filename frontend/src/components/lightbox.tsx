import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import { useEffect, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { ReportButton } from './report-action.tsx'

/** A horizontal swipe at least this long (px) turns to the previous or next image. */
const SWIPE_MIN_PX = 50

/** What the lightbox needs of an image (a group's gallery image, a plaza post's image). */
interface LightboxImage {
  id: string
  url: string
  width: number
  height: number
}

/**
 * One image at full size over the page (a `Modal`: focus kept inside, Escape, the backdrop and
 * Back close it). ← and → (and the buttons, and a swipe on a touch screen) go to the previous
 * and next image; `hasMore` lets → go past the last loaded one (`onNextPage` loads more).
 * `caption` and `actions` add the caller's details (a time, a delete button) to the top bar;
 * `canReport` (signed in, not the viewer's own) adds "Report", which opens the report dialog
 * above the lightbox with the image's media id (`{kind: 'image'}`); closing it comes back here.
 * Used by the group gallery and the plaza (strings in `common:lightbox`).
 */
export function Lightbox<Image extends LightboxImage>({
  images,
  index,
  hasMore = false,
  onIndexChange,
  onNextPage,
  onClose,
  alt,
  caption,
  actions,
  canReport,
}: {
  images: readonly Image[]
  index: number
  hasMore?: boolean
  onIndexChange: (index: number) => void
  onNextPage?: () => void
  onClose: () => void
  alt: (image: Image) => string
  caption?: (image: Image) => ReactNode
  actions?: (image: Image) => ReactNode
  /** Whether this image may be reported by the viewer: signed in, and not their own. */
  canReport?: (image: Image) => boolean
}) {
  const { t } = useTranslation()
  const swipe = useRef<{ x: number; y: number } | null>(null)
  const frame = useRef<HTMLDivElement>(null)
  const image = images[index]
  const imageId = image?.id

  // An action of the last image that had the focus (its Report, its Delete) may be gone with it:
  // the focus would fall out of the frame, and the arrow keys with it. The frame takes it.
  useEffect(() => {
    const box = frame.current
    const active = document.activeElement
    if (box && !box.contains(active) && (active === document.body || active?.contains(box))) {
      box.focus()
    }
  }, [imageId])

  if (!image) return null

  const hasPrevious = index > 0
  const hasNext = index < images.length - 1 || hasMore
  const previous = () => {
    if (hasPrevious) onIndexChange(index - 1)
  }
  const next = () => {
    if (index < images.length - 1) onIndexChange(index + 1)
    else if (hasMore) onNextPage?.()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    // A dialog opened from here (the report dialog) is portalled elsewhere in the document, but
    // its keys bubble through React's tree: its radios and its note keep their arrow keys.
    if (!event.currentTarget.contains(event.target as Node)) return
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      previous()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      next()
    }
  }

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') return
    swipe.current = { x: event.clientX, y: event.clientY }
  }
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current
    swipe.current = null
    if (!start) return
    const dx = event.clientX - start.x
    const dy = event.clientY - start.y
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return
    if (dx > 0) previous()
    else next()
  }

  const label = t('lightbox.label', { n: index + 1, total: images.length })
  const details = caption?.(image)

  return (
    <Modal open onClose={onClose} title={label} bare size="xl">
      <div
        ref={frame}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="flex h-[92dvh] flex-col outline-none md:h-[88vh]"
        data-testid="lightbox"
      >
        <div className="flex items-center gap-2 border-b px-3 py-2">
          <p className="min-w-0 flex-1 truncate text-sm">
            <span className="font-medium tabular-nums">
              {t('lightbox.position', { n: index + 1, total: images.length })}
            </span>
            {details && (
              <span className="text-muted-foreground">
                {' · '}
                {details}
              </span>
            )}
          </p>
          {actions?.(image)}
          {canReport?.(image) && (
            <ReportButton key={image.id} subject={{ kind: 'image', id: image.id }} withLabel />
          )}
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            onClick={onClose}
            aria-label={t('actions.close')}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center bg-muted p-2 select-none md:p-4"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipe.current = null)}
        >
          <img
            key={image.id}
            src={image.url}
            alt={alt(image)}
            width={image.width}
            height={image.height}
            draggable={false}
            className="max-h-full max-w-full rounded-sm object-contain"
          />
          {images.length > 1 || hasMore ? (
            <>
              <Button
                variant="outline"
                iconOnly
                className="absolute start-2 top-1/2 -translate-y-1/2 rounded-full shadow-md md:start-4"
                onClick={previous}
                // aria-disabled, not disabled: a focused button that turns disabled drops the
                // focus out of the dialog, and with it the arrow keys.
                aria-disabled={!hasPrevious}
                aria-label={t('lightbox.previous')}
              >
                <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
              </Button>
              <Button
                variant="outline"
                iconOnly
                className="absolute end-2 top-1/2 -translate-y-1/2 rounded-full shadow-md md:end-4"
                onClick={next}
                aria-disabled={!hasNext}
                aria-label={t('lightbox.next')}
              >
                <ChevronRight aria-hidden="true" className="rtl:rotate-180" />
              </Button>
            </>
          ) : null}
        </div>
        <p className="sr-only">{t('lightbox.keys')}</p>
      </div>
    </Modal>
  )
}
