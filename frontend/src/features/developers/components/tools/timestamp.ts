/*
 * Unix timestamps ⇄ wall-clock time in an IANA time zone, with nothing but `Intl`.
 *
 * Rules (docs/frontend.md, "Developer portal"):
 * - Input is an integer or decimal, optionally signed. In 'auto' mode a value whose magnitude is
 *   at least 1e11 is milliseconds, anything smaller is seconds: 1e11 s is the year 5138, while
 *   1e11 ms is 1973-03-03, so only millisecond values before March 1973 are read wrongly, and
 *   those can be given with the unit set explicitly.
 * - Milliseconds are the precision: seconds may carry up to 3 decimals, milliseconds none.
 * - The range is 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z, which ISO 8601 writes
 *   with four-digit years.
 * - A wall time that a zone skips (spring forward) moves forward by the length of the gap, e.g.
 *   02:30 on a New York spring-forward day is 03:30 EDT; a wall time that happens twice (fall
 *   back) is the earlier of the two instants; both cases are reported. This is what Temporal calls
 *   `disambiguation: 'compatible'`.
 */

type TimestampUnit = 'seconds' | 'milliseconds'
export type UnitChoice = 'auto' | TimestampUnit

/** |value| ≥ this is read as milliseconds in 'auto' mode. */
export const MILLISECONDS_THRESHOLD = 1e11

/** 0001-01-01T00:00:00.000Z (Date.UTC would read year 1 as 1901). */
export const MIN_EPOCH_MS = -62_135_596_800_000
/** 9999-12-31T23:59:59.999Z */
export const MAX_EPOCH_MS = 253_402_300_799_999

type TimestampError = 'empty' | 'notNumber' | 'tooPrecise' | 'outOfRange'

type ParsedTimestamp =
  | { ok: true; epochMs: number; unit: TimestampUnit; detected: boolean }
  | { ok: false; error: TimestampError }

const NUMBER = /^([+-]?)(\d+)(?:\.(\d+))?$/

/** Reads a Unix timestamp in seconds or milliseconds (see the rules above). */
export function parseTimestamp(input: string, unit: UnitChoice = 'auto'): ParsedTimestamp {
  const text = input.trim().replace(/[_,\s]/g, '')
  if (!text) return { ok: false, error: 'empty' }
  const match = NUMBER.exec(text)
  if (!match) return { ok: false, error: 'notNumber' }
  const [, sign = '', whole = '', fraction = ''] = match
  const magnitude = Number(`${whole}.${fraction || '0'}`)
  const resolved: TimestampUnit =
    unit !== 'auto' ? unit : magnitude >= MILLISECONDS_THRESHOLD ? 'milliseconds' : 'seconds'
  const significantFraction = fraction.replace(/0+$/, '')
  const allowedDecimals = resolved === 'seconds' ? 3 : 0
  if (significantFraction.length > allowedDecimals) return { ok: false, error: 'tooPrecise' }
  // Exact integer arithmetic on the digits: no 0.1 + 0.2 surprises.
  const digits = resolved === 'seconds' ? whole + significantFraction.padEnd(3, '0') : whole
  if (digits.length > 16) return { ok: false, error: 'outOfRange' }
  const epochMs = Number(digits) * (sign === '-' ? -1 : 1)
  if (epochMs < MIN_EPOCH_MS || epochMs > MAX_EPOCH_MS) return { ok: false, error: 'outOfRange' }
  return {
    ok: true,
    epochMs: epochMs === 0 ? 0 : epochMs,
    unit: resolved,
    detected: unit === 'auto',
  }
}

/** Whole Unix seconds (rounded down, also before 1970). */
export function epochSeconds(epochMs: number): number {
  return Math.floor(epochMs / 1000)
}

/** A wall-clock reading: month 1–12, millisecond 0–999. */
export interface WallTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  millisecond: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall time in `timeZone` at an instant. */
export function toWallTime(epochMs: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {}
  for (const part of partsFormatter(timeZone).formatToParts(epochMs)) parts[part.type] = part.value
  const year = Number(parts.year)
  return {
    // Before year 1 the era turns to BC; ISO year 0 is 1 BC.
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((epochMs % 1000) + 1000) % 1000,
  }
}

/** The wall time read as if it were UTC, in ms (Date.UTC without its 0–99 → 1900s rule). */
function wallAsUtc(wall: WallTime): number {
  const date = new Date(0)
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day)
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond)
  return date.getTime()
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive; may have seconds). */
export function offsetAt(epochMs: number, timeZone: string): number {
  const whole = epochMs - (((epochMs % 1000) + 1000) % 1000)
  return wallAsUtc({ ...toWallTime(whole, timeZone), millisecond: 0 }) - whole
}

type WallTimeResolution =
  | { status: 'exact'; epochMs: number }
  /** The wall time happens twice (clocks go back); `epochMs` is the earlier instant. */
  | { status: 'ambiguous'; epochMs: number; later: number }
  /** The zone skips the wall time (clocks go forward); `epochMs` is read with the earlier offset. */
  | { status: 'skipped'; epochMs: number }

const DAY_MS = 86_400_000

/** The instant a wall time in `timeZone` denotes (see the rules at the top for gaps and overlaps). */
export function fromWallTime(wall: WallTime, timeZone: string): WallTimeResolution {
  const local = wallAsUtc(wall)
  // Every offset in force within a day either side: the candidates.
  const offsets = [
    ...new Set([
      offsetAt(local - DAY_MS, timeZone),
      offsetAt(local, timeZone),
      offsetAt(local + DAY_MS, timeZone),
    ]),
  ]
  const matches = offsets
    .map((offset) => local - offset)
    .filter((instant) => offsetAt(instant, timeZone) === local - instant)
    .sort((a, b) => a - b)
  const [first, ...rest] = [...new Set(matches)]
  if (first === undefined) {
    // In a gap: the offset before the transition moves the reading forward by the gap's length.
    const before = offsetAt(local - DAY_MS, timeZone)
    return { status: 'skipped', epochMs: local - before }
  }
  const last = rest.at(-1)
  return last === undefined
    ? { status: 'exact', epochMs: first }
    : { status: 'ambiguous', epochMs: first, later: last }
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/** "+08:00", "-04:56:02" (historic local mean times have seconds), "Z" for UTC itself. */
export function formatOffset(offsetMs: number, zulu = false): string {
  if (offsetMs === 0 && zulu) return 'Z'
  const sign = offsetMs < 0 ? '-' : '+'
  const total = Math.round(Math.abs(offsetMs) / 1000)
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  return `${sign}${pad(hours)}:${pad(minutes)}${seconds ? `:${pad(seconds)}` : ''}`
}

/** "2024-03-10T03:30:00.000" */
export function formatWallTime(wall: WallTime): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}.${pad(wall.millisecond, 3)}`
}

/** ISO 8601 in the zone: "2023-11-15T06:13:20.000+08:00" ("…Z" in UTC). */
export function toIsoInZone(epochMs: number, timeZone: string): string {
  return `${formatWallTime(toWallTime(epochMs, timeZone))}${formatOffset(offsetAt(epochMs, timeZone), timeZone === 'UTC')}`
}

type WallTimeError = 'empty' | 'invalid' | 'outOfRange'

/**
 * Reads `YYYY-MM-DDTHH:mm[:ss[.SSS]]` (what `<input type="datetime-local">` gives; a space may
 * stand for the T). Rejects dates that do not exist (2023-02-29).
 */
export function parseWallTime(
  input: string,
): { ok: true; wall: WallTime } | { ok: false; error: WallTimeError } {
  const text = input.trim()
  if (!text) return { ok: false, error: 'empty' }
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(
    text,
  )
  if (!match) return { ok: false, error: 'invalid' }
  const number = (index: number) => Number(match[index] ?? 0)
  const wall: WallTime = {
    year: number(1),
    month: number(2),
    day: number(3),
    hour: number(4),
    minute: number(5),
    second: number(6),
    millisecond: Number((match[7] ?? '0').padEnd(3, '0')),
  }
  if (wall.year === 0) return { ok: false, error: 'outOfRange' }
  const check = new Date(wallAsUtc(wall))
  const valid =
    wall.month >= 1 &&
    wall.month <= 12 &&
    wall.hour <= 23 &&
    wall.minute <= 59 &&
    wall.second <= 59 &&
    check.getUTCDate() === wall.day &&
    check.getUTCMonth() === wall.month - 1
  return valid ? { ok: true, wall } : { ok: false, error: 'invalid' }
}

/** Every zone `Intl` knows, UTC first; the given extra zone (the browser's) is always in it. */
export function timeZones(extra?: string): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const zones = new Set(['UTC', ...(extra ? [extra] : []), ...supported])
  return ['UTC', ...[...zones].filter((zone) => zone !== 'UTC').sort()]
}

/** The browser's zone, or UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}
