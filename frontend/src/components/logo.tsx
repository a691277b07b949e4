import { MARK_PILLARS, MARK_ROOF, MARK_STROKE_WIDTH, MARK_TREE } from '@/lib/brand-mark.ts'
import { cn } from '@/lib/utils.ts'

/**
 * The Courtyard mark as the app icon (lib/brand-mark.ts holds its geometry): a gate roof over
 * two pillars around the courtyard tree, on a tile in the theme's primary colour.
 */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <g
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth={MARK_STROKE_WIDTH}
        className="stroke-primary-foreground"
      >
        <path d={MARK_ROOF} />
        <path d={MARK_PILLARS} />
      </g>
      <circle
        cx={MARK_TREE.cx}
        cy={MARK_TREE.cy}
        r={MARK_TREE.r}
        opacity={MARK_TREE.opacity}
        className="fill-primary-foreground"
      />
    </svg>
  )
}
