import { ChevronLeft, ChevronRight, Trash2, X } from 'lucide-react'
import { useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import type { GalleryImage } from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'

/** A horizontal swipe at least this long (px) turns to the previous or next image. */
export const SWIPE_MIN_PX = 50

/**
 * One image at full size over the page (a `Modal`: focus kept inside, Escape, the backdrop and
 * Back close it). ← and → (and the buttons, and a swipe on a touch screen) go to the previous
 * and next image; `hasMore` lets → go past the last loaded one (the gallery loads the next page).
 */
export function Lightbox({
  images,
  index,
  hasMore,
  onIndexChange,
  onNextPage,
  onClose,
  canDelete,
  onDelete,
}: {
  images: readonly GalleryImage[]
  index: number
  hasMore: boolean
  onIndexChange: (index: number) => void
  onNextPage: () => void
  onClose: () => void
  canDelete: (image: GalleryImage) => boolean
  onDelete: (image: GalleryImage) => void
}) {
  const { t } = useTranslation('group-content')
  const swipe = useRef<{ x: number; y: number } | null>(null)
  const image = images[index]
  if (!image) return null

  const hasPrevious = index > 0
  const hasNext = index < images.length - 1 || hasMore
  const previous = () => {
    if (hasPrevious) onIndexChange(index - 1)
  }
  const next = () => {
    if (index < images.length - 1) onIndexChange(index + 1)
    else if (hasMore) onNextPage()
  }

  const onKeyDown = (event: KeyboardEvent) => {
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

  const label = t('gallery.lightbox.label', { n: index + 1, total: images.length })

  return (
    <Modal open onClose={onClose} title={label} bare size="xl">
      <div
        onKeyDown={onKeyDown}
        className="flex h-[92dvh] flex-col md:h-[88vh]"
        data-testid="lightbox"
      >
        <div className="flex items-center gap-2 border-b px-3 py-2">
          <p className="min-w-0 flex-1 truncate text-sm">
            <span className="font-medium tabular-nums">
              {t('gallery.lightbox.position', { n: index + 1, total: images.length })}
            </span>
            <span className="text-muted-foreground">
              {' · '}
              <time dateTime={image.createdAt}>{formatDateTime(image.createdAt)}</time>
            </span>
          </p>
          {canDelete(image) && (
            <Button
              variant="destructive-ghost"
              size="sm"
              onClick={() => onDelete(image)}
              aria-label={t('gallery.delete.button')}
            >
              <Trash2 aria-hidden="true" />
              <span className="hidden md:inline">{t('gallery.delete.button')}</span>
            </Button>
          )}
          <Button variant="ghost" size="sm" iconOnly onClick={onClose} aria-label={t('close')}>
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
            alt={t('gallery.alt', { time: formatDateTime(image.createdAt) })}
            width={image.width}
            height={image.height}
            draggable={false}
            className="max-h-full max-w-full rounded-sm object-contain"
          />
          <Button
            variant="outline"
            iconOnly
            className="absolute start-2 top-1/2 -translate-y-1/2 rounded-full shadow-md md:start-4"
            onClick={previous}
            // aria-disabled, not disabled: a focused button that turns disabled drops the focus
            // out of the dialog, and with it the arrow keys.
            aria-disabled={!hasPrevious}
            aria-label={t('gallery.lightbox.previous')}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            iconOnly
            className="absolute end-2 top-1/2 -translate-y-1/2 rounded-full shadow-md md:end-4"
            onClick={next}
            aria-disabled={!hasNext}
            aria-label={t('gallery.lightbox.next')}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <p className="sr-only">{t('gallery.lightbox.keys')}</p>
      </div>
    </Modal>
  )
}
