import { cn } from '@/lib/utils.ts'

/** The Courtyard mark: a gate roof over two pillars around the courtyard tree. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <g
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth="5"
        className="stroke-primary-foreground"
      >
        <path d="M10 27 32 13l22 14" />
        <path d="M18 30v20M46 30v20" />
      </g>
      <circle cx="32" cy="38" r="6" className="fill-primary-foreground" opacity="0.75" />
    </svg>
  )
}
