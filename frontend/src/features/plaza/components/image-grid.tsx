import { cn } from '@/lib/utils.ts'
import type { PlazaImage } from '@/lib/api/types.ts'
import { imageGridLayout } from '../rules.ts'

/** A single image's shape, within these bounds (a panorama or a tall strip is cropped). */
const clamp = (ratio: number) => Math.min(2.5, Math.max(0.6, ratio))

const COLUMNS = { single: '', two: 'grid-cols-2', three: 'grid-cols-3' } as const

/**
 * A post's images: one large (its own shape, up to a height), two to four in two columns, five
 * to nine in three (square tiles). Thumbnails carry their size so nothing shifts as they load;
 * a click opens the lightbox at that image.
 */
export function ImageGrid({
  images,
  label,
  onOpen,
}: {
  images: readonly PlazaImage[]
  /** The accessible name of image `n` (1-based). */
  label: (n: number) => string
  onOpen: (index: number) => void
}) {
  const layout = imageGridLayout(images.length)
  if (!layout) return null
  return (
    <ul
      data-layout={layout}
      className={cn(
        'grid gap-1 md:gap-1.5',
        COLUMNS[layout],
        layout === 'single' ? 'max-w-full' : layout === 'two' ? 'max-w-md' : 'max-w-lg',
      )}
    >
      {images.map((image, index) => {
        const ratio = image.width > 0 && image.height > 0 ? image.width / image.height : 1
        return (
          <li key={image.id} className="min-w-0">
            <button
              type="button"
              onClick={() => onOpen(index)}
              aria-label={label(index + 1)}
              className={cn(
                'group block overflow-hidden rounded-lg bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
                layout === 'single' ? 'max-w-full' : 'aspect-square w-full',
              )}
              // One image keeps its shape, at most 24rem high and as wide as the card.
              style={
                layout === 'single'
                  ? { aspectRatio: clamp(ratio), width: `min(100%, ${24 * clamp(ratio)}rem)` }
                  : undefined
              }
            >
              <img
                src={image.thumbnailUrl}
                alt=""
                width={image.width || undefined}
                height={image.height || undefined}
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03]"
              />
            </button>
          </li>
        )
      })}
    </ul>
  )
}
