import type { District, DistrictBody, DistrictImportPlan } from '@/lib/api/types.ts'
import type { DistrictFileFormat } from '../api/export-districts.ts'

/** A district's name in the interface language first, the other one second. */
export function districtNames(district: Pick<District, 'nameZh' | 'nameEn'>, language: string) {
  return language.startsWith('zh')
    ? { primary: district.nameZh, secondary: district.nameEn }
    : { primary: district.nameEn, secondary: district.nameZh }
}

/** Whether a typed code is shaped like a province's (`xx0000`): only provinces have a tile. */
export function looksLikeProvince(code: string): boolean {
  return /^\d{2}0000$/.test(code.trim())
}

/**
 * The format of a chosen or pasted file: by its name's extension, else by its first character
 * (a JSON file is an array).
 */
export function detectFormat(fileName: string | null, text: string): DistrictFileFormat {
  const name = fileName?.toLowerCase() ?? ''
  if (name.endsWith('.json')) return 'json'
  if (name.endsWith('.csv')) return 'csv'
  const first = text.replace(/^\uFEFF/, '').trimStart()[0]
  return first === '[' || first === '{' ? 'json' : 'csv'
}

/** What the edit and add forms hold: text as typed. */
export interface DistrictForm {
  code: string
  nameZh: string
  nameEn: string
  lat: string
  lon: string
  tileCol: string
  tileRow: string
}

export const EMPTY_FORM: DistrictForm = {
  code: '',
  nameZh: '',
  nameEn: '',
  lat: '',
  lon: '',
  tileCol: '',
  tileRow: '',
}

export function formOf(district: District): DistrictForm {
  return {
    code: district.code,
    nameZh: district.nameZh,
    nameEn: district.nameEn,
    lat: String(district.lat),
    lon: String(district.lon),
    tileCol: district.tile ? String(district.tile.col) : '',
    tileRow: district.tile ? String(district.tile.row) : '',
  }
}

export type FormProblem = 'notANumber' | 'tileBoth'

function number(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : null
}

/**
 * The body a form sends, or the fields that are not numbers (the server checks every rule;
 * this only turns text into the JSON types the body needs).
 */
export function bodyOf(
  form: DistrictForm,
): { body: DistrictBody; problems: null } | { body: null; problems: Record<string, FormProblem> } {
  const problems: Record<string, FormProblem> = {}
  const lat = number(form.lat)
  const lon = number(form.lon)
  if (lat === null) problems.lat = 'notANumber'
  if (lon === null) problems.lon = 'notANumber'
  const col = form.tileCol.trim()
  const row = form.tileRow.trim()
  let tile: DistrictBody['tile'] = null
  if (col !== '' || row !== '') {
    const c = number(col)
    const r = number(row)
    if (col === '' || row === '') problems.tile = 'tileBoth'
    else if (
      c === null ||
      r === null ||
      !Number.isInteger(c) ||
      !Number.isInteger(r) ||
      c < 0 ||
      r < 0
    )
      problems.tile = 'notANumber'
    else tile = { col: c, row: r }
  }
  if (Object.keys(problems).length > 0 || lat === null || lon === null) {
    return { body: null, problems }
  }
  return { body: { nameZh: form.nameZh, nameEn: form.nameEn, lat, lon, tile }, problems: null }
}

type DistrictField = 'nameZh' | 'nameEn' | 'lat' | 'lon' | 'tile'

/** The fields a change touches, in form order. */
export function changedFields(before: District, after: District): DistrictField[] {
  const fields: DistrictField[] = []
  if (before.nameZh !== after.nameZh) fields.push('nameZh')
  if (before.nameEn !== after.nameEn) fields.push('nameEn')
  if (before.lat !== after.lat) fields.push('lat')
  if (before.lon !== after.lon) fields.push('lon')
  if (before.tile?.col !== after.tile?.col || before.tile?.row !== after.tile?.row)
    fields.push('tile')
  return fields
}

/** How a field reads in a change ("Chengdu → Chengdu City"). */
export function fieldValue(district: District, field: DistrictField): string {
  if (field === 'tile') return district.tile ? `${district.tile.col}, ${district.tile.row}` : '—'
  return String(district[field])
}

/** A plan's counts. */
export function planCounts(plan: DistrictImportPlan) {
  return {
    added: plan.added.length,
    changed: plan.changed.length,
    unchanged: plan.unchanged,
    refused: plan.refused.length,
  }
}

/**
 * Whether `plan` may be applied to `text`: it is the dry run of exactly this text and format,
 * and it refuses nothing (the server applies all or nothing).
 */
export function canApply(
  checked: { text: string; format: DistrictFileFormat; plan: DistrictImportPlan } | null,
  text: string,
  format: DistrictFileFormat,
): boolean {
  return (
    checked !== null &&
    checked.text === text &&
    checked.format === format &&
    !checked.plan.applied &&
    checked.plan.refused.length === 0 &&
    checked.plan.added.length + checked.plan.changed.length > 0
  )
}
