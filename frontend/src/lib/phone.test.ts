import { describe, expect, it } from 'vitest'
import { canSendCodeTo, DEFAULT_PHONE_PREFIX, PHONE_REGIONS, searchPhoneRegions } from './phone.ts'

const prefixes = (query: string) => searchPhoneRegions(query).map((region) => region.prefix)

describe('phone regions (spec §5, §9)', () => {
  it('offers +86 (the default) and +1 only', () => {
    expect(PHONE_REGIONS.map((region) => region.prefix)).toEqual(['86', '1'])
    expect(DEFAULT_PHONE_PREFIX).toBe('86')
  })

  it('matches codes with or without +, and names in either language', () => {
    expect(prefixes('')).toEqual(['86', '1'])
    expect(prefixes('  ')).toEqual(['86', '1'])
    expect(prefixes('86')).toEqual(['86'])
    expect(prefixes('+ 86')).toEqual(['86'])
    expect(prefixes('8')).toEqual(['86'])
    expect(prefixes('+1')).toEqual(['1'])
    expect(prefixes('1')).toEqual(['1'])
    expect(prefixes('中国')).toEqual(['86'])
    expect(prefixes('CHINA')).toEqual(['86'])
    expect(prefixes('美国')).toEqual(['1'])
    expect(prefixes('United States')).toEqual(['1'])
    expect(prefixes('44')).toEqual([])
    expect(prefixes('france')).toEqual([])
  })
})

describe('sending a code (spec §5)', () => {
  it('needs at least 5 characters', () => {
    expect(canSendCodeTo('1380')).toBe(false)
    expect(canSendCodeTo(' 1380 ')).toBe(false)
    expect(canSendCodeTo('13800')).toBe(true)
  })
})
