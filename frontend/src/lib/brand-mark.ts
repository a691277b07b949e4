/**
 * Courtyard's mark (庭院), the single source of its geometry and colours: a gate roof over two
 * pillars around the courtyard tree, drawn on a 64 × 64 grid. The header's `<Logo />` draws it
 * from here, and so do the logo files of the admin console (features/admin/components/
 * logo-files.ts), which the static icons in `public/` (the favicon and the web manifests' icons)
 * must equal. Only these few constants reach the main bundle.
 */

/** The roof: a gable from (10, 27) up to the ridge at (32, 13) and down to (54, 27). */
export const MARK_ROOF = 'M10 27 32 13l22 14'
/** The two pillars of the gate. */
export const MARK_PILLARS = 'M18 30v20M46 30v20'
/** The courtyard tree, a disc between the pillars. */
export const MARK_TREE = { cx: 32, cy: 38, r: 6, opacity: 0.75 } as const
export const MARK_STROKE_WIDTH = 5

/** Brand green (Tailwind green-700, the light theme's primary) and its dark-surface tint. */
export const BRAND_GREEN = '#15803d'
export const BRAND_GREEN_LIGHT = '#4ade80'

/** The accessible name every logo file carries in its `<title>`. */
export const MARK_TITLE = '庭院 Courtyard'
