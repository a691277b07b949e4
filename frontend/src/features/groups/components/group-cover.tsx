import type { Group } from '@/lib/api/types.ts'
import { cn } from '@/lib/utils.ts'

/**
 * A group's cover: the image (its thumbnail where small), or a quiet gradient in the theme's
 * colours with the name's first character, so a group without a cover still has a face. The
 * caller gives the size (`className`).
 */
export function GroupCover({
  group,
  size,
  className,
}: {
  group: Pick<Group, 'name' | 'coverUrl' | 'coverThumbnailUrl'>
  /** banner: the full cover; card: its thumbnail (a card's strip, a small square). */
  size: 'banner' | 'card'
  className?: string
}) {
  const src = size === 'banner' ? group.coverUrl : (group.coverThumbnailUrl ?? group.coverUrl)
  if (src) {
    // The banner is the largest thing on a group's first screen (its LCP on a phone): the
    // browser fetches it before the page's other images.
    return (
      <img
        src={src}
        alt=""
        fetchPriority={size === 'banner' ? 'high' : undefined}
        className={cn('bg-muted object-cover', className)}
      />
    )
  }
  const initial = [...group.name.trim()][0] ?? ''
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex items-center justify-center overflow-hidden bg-linear-to-br from-success-soft via-info-soft to-muted',
        className,
      )}
    >
      <span
        className={cn(
          'font-semibold text-primary/70 select-none',
          size === 'banner' ? 'text-6xl md:text-7xl' : 'text-3xl',
        )}
      >
        {initial.toUpperCase()}
      </span>
    </div>
  )
}
