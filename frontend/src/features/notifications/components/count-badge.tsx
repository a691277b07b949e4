import { formatNumber } from '@/lib/format.ts'
import { cn } from '@/lib/utils.ts'
import { badgeText } from '../sentence.ts'

/** The unread count on an icon (99+ above 99); nothing at 0. Decorative: the label says it. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className={cn(
        'pointer-events-none absolute -end-1 -top-1 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-error px-1 text-[0.6875rem] leading-none font-semibold text-error-foreground tabular-nums ring-2 ring-background',
        className,
      )}
    >
      {badgeText(count, formatNumber)}
    </span>
  )
}
