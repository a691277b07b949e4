import { describe, expect, it } from 'vitest'
import {
  filtersQuery,
  hasFilters,
  humanBytes,
  NO_FILTERS,
  parseId,
  rangeError,
} from './gallery-model.ts'

describe('the admin gallery filters', () => {
  it('ask for nothing but the page size when empty', () => {
    expect(filtersQuery(NO_FILTERS, 24)).toBe('limit=24')
    expect(hasFilters(NO_FILTERS)).toBe(false)
  })

  it('pass kind, owner and group, and turn days into an instant range covering the last day', () => {
    const query = new URLSearchParams(
      filtersQuery(
        {
          kind: 'plaza',
          owner: { id: '0f8c2e1a-0000-4000-8000-000000000001', name: 'anna' },
          group: { id: '0f8c2e1a-0000-4000-8000-000000000002', name: '读书会' },
          from: '2026-11-01',
          to: '2026-11-03',
        },
        24,
      ),
    )
    expect(query.get('kind')).toBe('plaza')
    expect(query.get('owner')).toBe('0f8c2e1a-0000-4000-8000-000000000001')
    expect(query.get('group')).toBe('0f8c2e1a-0000-4000-8000-000000000002')
    const from = new Date(query.get('from') ?? '')
    const until = new Date(query.get('until') ?? '')
    // Local midnights: the start of the 1st and the end of the 3rd (the next midnight).
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([
      2026, 10, 1, 0,
    ])
    expect([until.getMonth(), until.getDate(), until.getHours()]).toEqual([10, 4, 0])
  })

  it('take the same day as from and to, and refuse a range that ends before it starts', () => {
    const day = { ...NO_FILTERS, from: '2026-11-02', to: '2026-11-02' }
    expect(rangeError(day)).toBeNull()
    expect(rangeError({ ...day, to: '2026-11-01' })).toBe('invalidRange')
    expect(rangeError({ ...NO_FILTERS, to: '2026-11-01' })).toBeNull()
    expect(hasFilters({ ...NO_FILTERS, to: '2026-11-01' })).toBe(true)
  })

  it('read a pasted id with or without dashes and refuse anything else', () => {
    expect(parseId(' 0F8C2E1A00004000800000000000000A ')).toBe(
      '0f8c2e1a-0000-4000-8000-00000000000a',
    )
    expect(parseId('0f8c2e1a-0000-4000-8000-00000000000a')).toBe(
      '0f8c2e1a-0000-4000-8000-00000000000a',
    )
    for (const bad of [
      '',
      'anna',
      '0f8c2e1a-0000-4000-8000',
      '0f8c2e1a-0000-4000-8000-00000000000g',
    ])
      expect(parseId(bad)).toBeNull()
  })
})

describe('sizes', () => {
  it('read in steps of 1024 with a decimal only for small numbers', () => {
    expect(humanBytes(0, 'en-US')).toBe('0 B')
    expect(humanBytes(1023, 'en-US')).toBe('1,023 B')
    expect(humanBytes(1536, 'en-US')).toBe('1.5 KB')
    expect(humanBytes(812 * 1024, 'en-US')).toBe('812 KB')
    expect(humanBytes(5 * 1024 ** 3 + 1, 'en-US')).toBe('5 GB')
    expect(humanBytes(3 * 1024 ** 5, 'en-US')).toBe('3,072 TB')
  })
})
