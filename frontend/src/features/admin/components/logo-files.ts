import {
  BRAND_GREEN,
  BRAND_GREEN_LIGHT,
  MARK_PILLARS,
  MARK_ROOF,
  MARK_STROKE_WIDTH,
  MARK_TITLE,
  MARK_TREE,
} from '@/lib/brand-mark.ts'

// The logo files the admin console offers (/admin/logo/*), built from the mark in
// lib/brand-mark.ts. public/favicon.svg and public/icon-maskable.svg are two of them
// (logo-files.test.ts checks they are byte for byte the same).

/**
 * The system font stack the wordmark's text is set in. No web font is fetched: the characters
 * show in whatever CJK sans the viewer has (Noto Sans CJK, Source Han Sans, PingFang, YaHei).
 */
const WORDMARK_FONT =
  "'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Hiragino Sans GB','Microsoft YaHei',sans-serif"

/** Every logo file Courtyard offers, one per variant and background. */
export const LOGO_FILES = [
  'icon',
  'icon-maskable',
  'mark',
  'mark-on-dark',
  'wordmark',
  'wordmark-on-dark',
] as const
export type LogoFile = (typeof LOGO_FILES)[number]

/** The stroked gate and the tree in one colour (the shapes inside every variant). */
function glyph(color: string, transform?: string): string {
  const shapes =
    `<g fill="none" stroke="${color}" stroke-linecap="round" stroke-linejoin="round" ` +
    `stroke-width="${MARK_STROKE_WIDTH}"><path d="${MARK_ROOF}"/><path d="${MARK_PILLARS}"/></g>` +
    `<circle cx="${MARK_TREE.cx}" cy="${MARK_TREE.cy}" r="${MARK_TREE.r}" fill="${color}" ` +
    `opacity="${MARK_TREE.opacity}"/>`
  return transform ? `<g transform="${transform}">${shapes}</g>` : shapes
}

/** The app icon: a rounded brand-green tile with the white mark. */
function tile(): string {
  return `<rect width="64" height="64" rx="14" fill="${BRAND_GREEN}"/>${glyph('#fff')}`
}

function svg(viewBox: string, width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${width}" ` +
    `height="${height}" role="img"><title>${MARK_TITLE}</title>${body}</svg>\n`
  )
}

/** The wordmark's text colours on a light and on a dark background. */
const WORDMARK_TEXT = {
  light: { name: '#171717', latin: '#525252' },
  dark: { name: '#fafafa', latin: '#a3a3a3' },
} as const

/** The tile beside 庭院 over "Courtyard", both set to the same width. */
function wordmark(on: 'light' | 'dark'): string {
  const colors = WORDMARK_TEXT[on]
  return (
    tile() +
    `<g font-family="${WORDMARK_FONT}">` +
    `<text x="78" y="41" font-size="32" font-weight="700" fill="${colors.name}" ` +
    `textLength="66" lengthAdjust="spacingAndGlyphs">庭院</text>` +
    `<text x="78" y="59" font-size="12.5" font-weight="500" fill="${colors.latin}" ` +
    `textLength="66" lengthAdjust="spacing">Courtyard</text></g>`
  )
}

/** The wordmark's viewBox width: the tile (64), a gap (14) and the text (66), plus a margin. */
export const WORDMARK_WIDTH = 148

/** The complete SVG file of one logo variant: standalone, with its own `<title>`. */
export function logoSvg(file: LogoFile): string {
  switch (file) {
    case 'icon':
      return svg('0 0 64 64', 64, 64, tile())
    case 'icon-maskable':
      // Full bleed; the mark shrunk to 70 % stays inside the 80 % safe circle of a mask.
      return svg(
        '0 0 64 64',
        64,
        64,
        `<rect width="64" height="64" fill="${BRAND_GREEN}"/>` +
          glyph('#fff', 'translate(32 32) scale(.7) translate(-32 -32)'),
      )
    case 'mark':
      return svg('4 4 56 56', 56, 56, glyph(BRAND_GREEN))
    case 'mark-on-dark':
      return svg('4 4 56 56', 56, 56, glyph(BRAND_GREEN_LIGHT))
    case 'wordmark':
      return svg(`0 0 ${WORDMARK_WIDTH} 64`, WORDMARK_WIDTH, 64, wordmark('light'))
    case 'wordmark-on-dark':
      return svg(`0 0 ${WORDMARK_WIDTH} 64`, WORDMARK_WIDTH, 64, wordmark('dark'))
  }
}

/** The file name a variant downloads as. */
export function logoFileName(file: LogoFile): string {
  return `courtyard-${file}.svg`
}

/** A `data:` URL of the variant's SVG, for an `<img>` and for a download link. */
export function logoDataUrl(file: LogoFile): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(logoSvg(file))}`
}
