import type { WordImportPlan } from '@/lib/api/types.ts'
import type { WordFileFormat } from '../api/export-words.ts'

/**
 * The format of a chosen or pasted file: by its name's extension, else CSV when its first line
 * is the CSV header (`phrase,…`), else TXT (one word per line).
 */
export function detectWordFormat(fileName: string | null, text: string): WordFileFormat {
  const name = fileName?.toLowerCase() ?? ''
  if (name.endsWith('.csv')) return 'csv'
  if (name.endsWith('.txt')) return 'txt'
  const first =
    text
      .replace(/^\uFEFF/, '')
      .trimStart()
      .split('\n', 1)[0] ?? ''
  return /^"?phrase"?\s*,/i.test(first) ? 'csv' : 'txt'
}

export function wordPlanCounts(plan: WordImportPlan) {
  return {
    added: plan.added.length,
    changed: plan.changed.length,
    unchanged: plan.unchanged,
    refused: plan.refused.length,
  }
}

/**
 * Whether `plan` may be applied to `text`: it is the dry run of exactly this text and format,
 * it refuses nothing (the server applies all or nothing) and it would write something.
 */
export function canApplyWords(
  checked: { text: string; format: WordFileFormat; plan: WordImportPlan } | null,
  text: string,
  format: WordFileFormat,
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
