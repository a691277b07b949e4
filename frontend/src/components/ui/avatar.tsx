import { useState } from 'react'
import { cn } from '@/lib/utils.ts'

/** A round badge with the user's initials (spec §3). */
export function InitialsAvatar({ initials, className }: { initials: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground',
        className,
      )}
    >
      {initials}
    </span>
  )
}

/**
 * Someone's avatar when they have one of ours (the CSP allows this site's images only), else —
 * or when the image fails to load — their initials. Decorative: the name is always said nearby.
 */
export function UserAvatar({
  src,
  initials,
  className,
}: {
  src: string | null | undefined
  initials: string
  className?: string
}) {
  const [failed, setFailed] = useState<string | null>(null)
  if (src?.startsWith('/') && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={64}
        height={64}
        onError={() => setFailed(src)}
        className={cn('size-8 shrink-0 rounded-full bg-muted object-cover', className)}
      />
    )
  }
  return <InitialsAvatar initials={initials} className={className} />
}
