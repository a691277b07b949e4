// The map's temperature colours: one scale for light and dark (a tile is its own background),
// with black or white text, whichever contrasts more — never below 4.5 : 1 (WCAG AA), since
// black and white are each at least 4.58 : 1 against any colour where the other falls short.

/** The scale's stops, °C → sRGB, cold violet to hot red. */
export const TEMPERATURE_STOPS: readonly { at: number; rgb: readonly [number, number, number] }[] =
  [
    { at: -20, rgb: [91, 63, 168] },
    { at: -10, rgb: [47, 111, 208] },
    { at: 0, rgb: [63, 167, 214] },
    { at: 10, rgb: [95, 191, 143] },
    { at: 20, rgb: [232, 197, 71] },
    { at: 30, rgb: [240, 138, 60] },
    { at: 40, rgb: [214, 58, 58] },
  ]

export const SCALE_MIN = TEMPERATURE_STOPS[0]!.at
export const SCALE_MAX = TEMPERATURE_STOPS[TEMPERATURE_STOPS.length - 1]!.at

type Rgb = readonly [number, number, number]

const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

/** The colour of `celsius` on the scale (clamped to its ends), as `#rrggbb`. */
export function temperatureColor(celsius: number): string {
  const t = Math.min(SCALE_MAX, Math.max(SCALE_MIN, celsius))
  const upper = TEMPERATURE_STOPS.findIndex((stop) => stop.at >= t)
  if (upper <= 0) return hex(TEMPERATURE_STOPS[0]!.rgb)
  const a = TEMPERATURE_STOPS[upper - 1]!
  const b = TEMPERATURE_STOPS[upper]!
  const f = (t - a.at) / (b.at - a.at)
  return hex([0, 1, 2].map((i) => a.rgb[i]! + (b.rgb[i]! - a.rgb[i]!) * f) as unknown as Rgb)
}

function channel(value: number): number {
  const c = value / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(color: string): number {
  const n = Number.parseInt(color.slice(1), 16)
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  )
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** A tile's colours for `celsius`: its background and the text colour that reads on it. */
export function tileColors(celsius: number): { background: string; text: string } {
  const background = temperatureColor(celsius)
  const text =
    contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#000000' : '#ffffff'
  return { background, text }
}

/** The legend's gradient: every stop at its place along the scale. */
export function legendGradient(): string {
  const span = SCALE_MAX - SCALE_MIN
  const stops = TEMPERATURE_STOPS.map(
    (stop) => `${hex(stop.rgb)} ${(((stop.at - SCALE_MIN) / span) * 100).toFixed(1)}%`,
  )
  return `linear-gradient(to right, ${stops.join(', ')})`
}
