/**
 * A home page card that is one link: the whole card is the target (at least 44 px tall), with
 * the theme's focus ring.
 */
export const cardLinkClass =
  'rounded-xl border bg-card text-card-foreground shadow-xs transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background'

/** A grey block standing in for text or a picture while a card loads. */
export const skeletonClass = 'animate-pulse rounded-md bg-muted'
