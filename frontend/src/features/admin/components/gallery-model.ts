// The admin gallery's filters and figures, apart from React: what the form holds, what it asks
// the server, and how sizes read.
import type { AdminMediaKind } from '@/lib/api/types.ts'

export const MEDIA_KINDS = [
  'gallery',
  'cover',
  'plaza',
  'avatar',
] as const satisfies readonly AdminMediaKind[]

/** A filter set from a file's owner or group: its id, and a name to show on its chip. */
export interface NamedFilter {
  id: string
  name: string
}

/** What the filter form holds. Dates are the `<input type="date">` values (`YYYY-MM-DD`, local). */
export interface GalleryFilters {
  kind: AdminMediaKind | null
  owner: NamedFilter | null
  group: NamedFilter | null
  from: string
  to: string
}

export const NO_FILTERS: GalleryFilters = { kind: null, owner: null, group: null, from: '', to: '' }

export function hasFilters(f: GalleryFilters): boolean {
  return f.kind !== null || f.owner !== null || f.group !== null || f.from !== '' || f.to !== ''
}

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i

/** A pasted id in its canonical form (lower case, dashed), or `null` when it is not one. */
export function parseId(raw: string): string | null {
  const text = raw.trim()
  if (!UUID.test(text)) return null
  const hex = text.replaceAll('-', '').toLowerCase()
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Local midnight of a `YYYY-MM-DD` day, `days` later, as an instant (RFC 3339, UTC). */
function localMidnight(day: string, days = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** Whether the form's dates make a range (`to` is a whole day, so it may equal `from`). */
export function rangeError(f: GalleryFilters): 'invalidRange' | null {
  if (f.from && f.to && f.to < f.from) return 'invalidRange'
  return null
}

/**
 * The list's query string for these filters (without cursor): `from` is the start of its day,
 * `to` the whole of its day (the server's `until` is exclusive: the next midnight).
 */
export function filtersQuery(f: GalleryFilters, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit) })
  if (f.kind) params.set('kind', f.kind)
  if (f.owner) params.set('owner', f.owner.id)
  if (f.group) params.set('group', f.group.id)
  const from = f.from ? localMidnight(f.from) : null
  const until = f.to ? localMidnight(f.to, 1) : null
  if (from) params.set('from', from)
  if (until) params.set('until', until)
  return params.toString()
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/** A size for people: 1024 per step, one decimal below 10 units, e.g. "0 B", "812 KB", "1.5 GB". */
export function humanBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)
  return `${number} ${UNITS[unit]}`
}
