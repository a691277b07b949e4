import { describe, expect, it } from 'vitest'
import {
  epochSeconds,
  formatOffset,
  fromWallTime,
  MAX_EPOCH_MS,
  MIN_EPOCH_MS,
  offsetAt,
  parseTimestamp,
  parseWallTime,
  timeZones,
  toIsoInZone,
  toWallTime,
  type WallTime,
} from './timestamp.ts'

const wall = (text: string): WallTime => {
  const parsed = parseWallTime(text)
  if (!parsed.ok) throw new Error(`bad wall time ${text}`)
  return parsed.wall
}

describe('parseTimestamp', () => {
  it('reads seconds below 1e11 and milliseconds from 1e11 on', () => {
    expect(parseTimestamp('1700000000')).toEqual({
      ok: true,
      epochMs: 1_700_000_000_000,
      unit: 'seconds',
      detected: true,
    })
    expect(parseTimestamp('1700000000123')).toEqual({
      ok: true,
      epochMs: 1_700_000_000_123,
      unit: 'milliseconds',
      detected: true,
    })
    expect(parseTimestamp('99999999999')).toMatchObject({ unit: 'seconds' })
    expect(parseTimestamp('100000000000')).toMatchObject({
      unit: 'milliseconds',
      epochMs: 100_000_000_000,
    })
    expect(parseTimestamp('-100000000000')).toMatchObject({ unit: 'milliseconds' })
  })

  it('honours an explicit unit', () => {
    expect(parseTimestamp('1000', 'milliseconds')).toMatchObject({ epochMs: 1000, detected: false })
    expect(parseTimestamp('1700000000123', 'seconds')).toEqual({ ok: false, error: 'outOfRange' })
  })

  it('takes signs, up to three decimals of seconds, spaces and separators', () => {
    expect(parseTimestamp('  -1.5 ')).toMatchObject({ epochMs: -1500 })
    expect(parseTimestamp('+0')).toMatchObject({ epochMs: 0 })
    expect(Object.is((parseTimestamp('-0') as { epochMs: number }).epochMs, 0)).toBe(true)
    expect(parseTimestamp('1700000000.123')).toMatchObject({ epochMs: 1_700_000_000_123 })
    expect(parseTimestamp('1700000000.1230')).toMatchObject({ epochMs: 1_700_000_000_123 })
    expect(parseTimestamp('1_700_000_000')).toMatchObject({ epochMs: 1_700_000_000_000 })
    expect(parseTimestamp('1,700,000,000')).toMatchObject({ epochMs: 1_700_000_000_000 })
  })

  it('explains what it cannot read', () => {
    expect(parseTimestamp('')).toEqual({ ok: false, error: 'empty' })
    expect(parseTimestamp('   ')).toEqual({ ok: false, error: 'empty' })
    expect(parseTimestamp('12abc')).toEqual({ ok: false, error: 'notNumber' })
    expect(parseTimestamp('1e9')).toEqual({ ok: false, error: 'notNumber' })
    expect(parseTimestamp('2024-01-01')).toEqual({ ok: false, error: 'notNumber' })
    expect(parseTimestamp('1.2345')).toEqual({ ok: false, error: 'tooPrecise' })
    expect(parseTimestamp('1700000000123.5')).toEqual({ ok: false, error: 'tooPrecise' })
    expect(parseTimestamp('99999999999999999999')).toEqual({ ok: false, error: 'outOfRange' })
  })

  it('accepts exactly the years 0001 to 9999', () => {
    expect(parseTimestamp(String(MAX_EPOCH_MS))).toMatchObject({ ok: true })
    expect(parseTimestamp(String(MAX_EPOCH_MS + 1))).toEqual({ ok: false, error: 'outOfRange' })
    expect(parseTimestamp(String(MIN_EPOCH_MS))).toMatchObject({ ok: true })
    expect(parseTimestamp(String(MIN_EPOCH_MS - 1))).toEqual({ ok: false, error: 'outOfRange' })
    expect(new Date(MIN_EPOCH_MS).toISOString()).toBe('0001-01-01T00:00:00.000Z')
    expect(new Date(MAX_EPOCH_MS).toISOString()).toBe('9999-12-31T23:59:59.999Z')
  })
})

describe('epochSeconds', () => {
  it('rounds down, also before 1970', () => {
    expect(epochSeconds(1_700_000_000_999)).toBe(1_700_000_000)
    expect(epochSeconds(-1)).toBe(-1)
    expect(epochSeconds(-1000)).toBe(-1)
    expect(epochSeconds(-1001)).toBe(-2)
  })
})

describe('timestamp → wall time', () => {
  it('converts in UTC, Asia/Shanghai and America/New_York', () => {
    expect(toIsoInZone(1_700_000_000_000, 'UTC')).toBe('2023-11-14T22:13:20.000Z')
    expect(toIsoInZone(1_700_000_000_000, 'Asia/Shanghai')).toBe('2023-11-15T06:13:20.000+08:00')
    expect(toIsoInZone(1_700_000_000_000, 'America/New_York')).toBe('2023-11-14T17:13:20.000-05:00')
    expect(toIsoInZone(1_720_000_000_456, 'America/New_York')).toBe('2024-07-03T05:46:40.456-04:00')
    expect(toIsoInZone(-1, 'UTC')).toBe('1969-12-31T23:59:59.999Z')
  })

  it('follows the offset across DST transitions', () => {
    // 2024-03-10 07:00Z is 03:00 EDT; one ms earlier is 01:59:59.999 EST.
    const springForward = Date.UTC(2024, 2, 10, 7)
    expect(toIsoInZone(springForward - 1, 'America/New_York')).toBe('2024-03-10T01:59:59.999-05:00')
    expect(toIsoInZone(springForward, 'America/New_York')).toBe('2024-03-10T03:00:00.000-04:00')
    // 2024-11-03 06:00Z is 01:00 EST the second time; one ms earlier 01:59:59.999 EDT.
    const fallBack = Date.UTC(2024, 10, 3, 6)
    expect(toIsoInZone(fallBack - 1, 'America/New_York')).toBe('2024-11-03T01:59:59.999-04:00')
    expect(toIsoInZone(fallBack, 'America/New_York')).toBe('2024-11-03T01:00:00.000-05:00')
    expect(offsetAt(fallBack, 'Asia/Shanghai')).toBe(8 * 3600_000)
  })

  it('handles the year 1 and the year 9999', () => {
    expect(toIsoInZone(MIN_EPOCH_MS, 'UTC')).toBe('0001-01-01T00:00:00.000Z')
    expect(toIsoInZone(MAX_EPOCH_MS, 'UTC')).toBe('9999-12-31T23:59:59.999Z')
    expect(toWallTime(MAX_EPOCH_MS, 'Asia/Shanghai')).toMatchObject({ year: 10000, month: 1 })
  })
})

describe('wall time → timestamp', () => {
  it('converts plain wall times', () => {
    expect(fromWallTime(wall('2023-11-15T06:13:20'), 'Asia/Shanghai')).toEqual({
      status: 'exact',
      epochMs: 1_700_000_000_000,
    })
    expect(fromWallTime(wall('2023-11-14 22:13:20.5'), 'UTC')).toEqual({
      status: 'exact',
      epochMs: 1_700_000_000_500,
    })
    expect(fromWallTime(wall('1970-01-01T00:00'), 'UTC')).toEqual({ status: 'exact', epochMs: 0 })
    expect(fromWallTime(wall('0001-01-01T00:00:00'), 'UTC')).toEqual({
      status: 'exact',
      epochMs: MIN_EPOCH_MS,
    })
  })

  it('moves a skipped wall time forward by the gap (spring forward)', () => {
    expect(fromWallTime(wall('2024-03-10T02:30'), 'America/New_York')).toEqual({
      status: 'skipped',
      epochMs: Date.UTC(2024, 2, 10, 7, 30),
    })
    expect(toIsoInZone(Date.UTC(2024, 2, 10, 7, 30), 'America/New_York')).toBe(
      '2024-03-10T03:30:00.000-04:00',
    )
  })

  it('takes the earlier of a repeated wall time (fall back) and tells the later one', () => {
    expect(fromWallTime(wall('2024-11-03T01:30'), 'America/New_York')).toEqual({
      status: 'ambiguous',
      epochMs: Date.UTC(2024, 10, 3, 5, 30),
      later: Date.UTC(2024, 10, 3, 6, 30),
    })
  })

  it('knows zones without DST and historic offsets', () => {
    // China observed DST 1986–1991: on 1988-04-17 clocks went from 02:00 to 03:00.
    expect(fromWallTime(wall('1988-04-17T02:30'), 'Asia/Shanghai').status).toBe('skipped')
    expect(fromWallTime(wall('2024-07-01T12:00'), 'Asia/Shanghai')).toEqual({
      status: 'exact',
      epochMs: Date.UTC(2024, 6, 1, 4),
    })
    expect(formatOffset(offsetAt(Date.UTC(1800, 0, 1), 'America/New_York'))).toBe('-04:56:02')
  })

  it('round-trips every millisecond instant exactly, across DST edges', () => {
    const instants = [
      0,
      1_700_000_000_000,
      1_700_000_000_123,
      -1,
      Date.UTC(2024, 2, 10, 6, 59, 59, 999),
      Date.UTC(2024, 2, 10, 7),
      Date.UTC(2024, 10, 3, 5, 30),
      Date.UTC(2024, 10, 3, 6, 30),
      MIN_EPOCH_MS,
      MAX_EPOCH_MS,
    ]
    for (const zone of ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/London']) {
      for (const instant of instants) {
        const shown = toWallTime(instant, zone)
        const back = fromWallTime(shown, zone)
        // The repeated hour reads as its earlier instant; the later one is `later`.
        const candidates = back.status === 'ambiguous' ? [back.epochMs, back.later] : [back.epochMs]
        expect(candidates, `${zone} ${instant}`).toContain(instant)
      }
    }
  })
})

describe('parseWallTime', () => {
  it('reads what datetime-local gives, with or without seconds and milliseconds', () => {
    expect(parseWallTime('2024-02-29T23:59')).toEqual({
      ok: true,
      wall: { year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 0, millisecond: 0 },
    })
    expect(parseWallTime('2024-02-29T23:59:58.07')).toMatchObject({
      wall: { second: 58, millisecond: 70 },
    })
  })

  it('rejects impossible and malformed dates', () => {
    expect(parseWallTime('')).toEqual({ ok: false, error: 'empty' })
    expect(parseWallTime('2023-02-29T00:00')).toEqual({ ok: false, error: 'invalid' })
    expect(parseWallTime('2023-13-01T00:00')).toEqual({ ok: false, error: 'invalid' })
    expect(parseWallTime('2023-01-01T24:00')).toEqual({ ok: false, error: 'invalid' })
    expect(parseWallTime('yesterday')).toEqual({ ok: false, error: 'invalid' })
    expect(parseWallTime('0000-01-01T00:00')).toEqual({ ok: false, error: 'outOfRange' })
  })
})

describe('formatOffset and timeZones', () => {
  it('formats offsets', () => {
    expect(formatOffset(0)).toBe('+00:00')
    expect(formatOffset(0, true)).toBe('Z')
    expect(formatOffset(-5 * 3600_000)).toBe('-05:00')
    expect(formatOffset(5.75 * 3600_000)).toBe('+05:45')
  })

  it('lists UTC first and always the browser zone', () => {
    const zones = timeZones('Mars/Olympus')
    expect(zones[0]).toBe('UTC')
    expect(zones).toContain('Mars/Olympus')
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1)
  })
})
