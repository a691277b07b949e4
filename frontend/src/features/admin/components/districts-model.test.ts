import { describe, expect, it } from 'vitest'
import type { District, DistrictImportPlan } from '@/lib/api/types.ts'
import {
  EMPTY_FORM,
  bodyOf,
  canApply,
  changedFields,
  detectFormat,
  districtNames,
  fieldValue,
  formOf,
  looksLikeProvince,
} from './districts-model.ts'

const chengdu: District = {
  code: '510100',
  parentCode: '510000',
  level: 'city',
  nameZh: '成都市',
  nameEn: 'Chengdu',
  lat: 30.5728,
  lon: 104.0668,
  tile: null,
}

function plan(overrides: Partial<DistrictImportPlan> = {}): DistrictImportPlan {
  return {
    success: true,
    applied: false,
    added: [{ line: 2, district: chengdu }],
    changed: [],
    unchanged: 0,
    refused: [],
    ...overrides,
  }
}

describe('districts model', () => {
  it('shows the interface language’s name first', () => {
    expect(districtNames(chengdu, 'zh')).toEqual({ primary: '成都市', secondary: 'Chengdu' })
    expect(districtNames(chengdu, 'en')).toEqual({ primary: 'Chengdu', secondary: '成都市' })
  })

  it('recognises a province’s code', () => {
    expect(looksLikeProvince('510000')).toBe(true)
    expect(looksLikeProvince(' 110000 ')).toBe(true)
    expect(looksLikeProvince('510100')).toBe(false)
    expect(looksLikeProvince('51000')).toBe(false)
  })

  it('tells CSV from JSON by the name, else by the first character', () => {
    expect(detectFormat('cities.JSON', 'code,name')).toBe('json')
    expect(detectFormat('cities.csv', '[')).toBe('csv')
    expect(detectFormat(null, '\uFEFF  [ {"code": "510100"} ]')).toBe('json')
    expect(detectFormat('paste.txt', 'code,name_zh')).toBe('csv')
    expect(detectFormat(null, '')).toBe('csv')
  })

  it('turns a form into a body, and refuses what is not a number', () => {
    expect(bodyOf(formOf(chengdu))).toEqual({
      body: { nameZh: '成都市', nameEn: 'Chengdu', lat: 30.5728, lon: 104.0668, tile: null },
      problems: null,
    })
    expect(bodyOf({ ...EMPTY_FORM, lat: 'north', lon: '' }).problems).toEqual({
      lat: 'notANumber',
      lon: 'notANumber',
    })
    const province = { ...formOf(chengdu), tileCol: '2', tileRow: '4' }
    expect(bodyOf(province).body?.tile).toEqual({ col: 2, row: 4 })
    expect(bodyOf({ ...province, tileRow: '' }).problems).toEqual({ tile: 'tileBoth' })
    expect(bodyOf({ ...province, tileRow: '1.5' }).problems).toEqual({ tile: 'notANumber' })
  })

  it('lists the fields a change touches and how they read', () => {
    const after: District = { ...chengdu, nameEn: 'Chengdu City', lon: 104.07 }
    expect(changedFields(chengdu, after)).toEqual(['nameEn', 'lon'])
    expect(changedFields(chengdu, { ...chengdu, tile: { col: 1, row: 2 } })).toEqual(['tile'])
    expect(fieldValue({ ...chengdu, tile: { col: 1, row: 2 } }, 'tile')).toBe('1, 2')
    expect(fieldValue(chengdu, 'tile')).toBe('—')
    expect(fieldValue(after, 'nameEn')).toBe('Chengdu City')
  })

  it('allows applying only the dry run of this very text that refuses nothing', () => {
    const checked = { text: 'a', format: 'csv' as const, plan: plan() }
    expect(canApply(checked, 'a', 'csv')).toBe(true)
    expect(canApply(checked, 'a ', 'csv')).toBe(false)
    expect(canApply(checked, 'a', 'json')).toBe(false)
    expect(canApply(null, 'a', 'csv')).toBe(false)
    const refused = plan({
      refused: [{ line: 3, code: '5108XX', reason: 'invalid_code', message: 'x' }],
    })
    expect(canApply({ ...checked, plan: refused }, 'a', 'csv')).toBe(false)
    expect(canApply({ ...checked, plan: plan({ applied: true }) }, 'a', 'csv')).toBe(false)
    expect(canApply({ ...checked, plan: plan({ added: [], unchanged: 4 }) }, 'a', 'csv')).toBe(
      false,
    )
  })
})
