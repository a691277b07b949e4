import { cn } from '@/lib/utils.ts'

/**
 * A small square picture on the home page (a post's first image, a group's cover): the stored
 * thumbnail, cropped to the box. Decorative (the card's text says what it is). Its size is set,
 * so nothing moves when it arrives; lazy and decoded off the main thread unless `priority` (the
 * first one on the screen).
 */
export function Thumbnail({
  src,
  size,
  priority = false,
  className,
}: {
  src: string
  /** The box's side in CSS pixels (the `className` sets the same). */
  size: number
  priority?: boolean
  className?: string
}) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={cn('shrink-0 bg-muted object-cover', className)}
    />
  )
}
