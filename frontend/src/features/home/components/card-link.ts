/**
 * A home page card that is one link: the whole card is the target (at least 44 px tall), with
 * the theme's focus ring.
 */
export const cardLinkClass =
  'rounded-xl border bg-card text-card-foreground shadow-xs transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background'

/** A grey block standing in for text or a picture while a card loads. */
export const skeletonClass = 'animate-pulse rounded-md bg-muted'

/** "All …" beside a card's title. */
export const moreLinkClass =
  'inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md px-2 -me-2 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

/** An empty card's action. */
export const emptyActionClass =
  'inline-flex min-h-11 items-center rounded-md border border-input bg-background px-4 text-sm font-medium text-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background'
