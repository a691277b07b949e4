import { describe, expect, it } from 'vitest'
import type { WordImportPlan } from '@/lib/api/types.ts'
import { canApplyWords, detectWordFormat, wordPlanCounts } from './words-model.ts'

const word = {
  phrase: '法轮',
  key: '法轮',
  action: 'refuse' as const,
  note: null,
  createdAt: '2026-11-28T00:00:00Z',
}

function plan(patch: Partial<WordImportPlan> = {}): WordImportPlan {
  return {
    success: true,
    applied: false,
    added: [{ line: 2, word }],
    changed: [],
    unchanged: 3,
    refused: [],
    ...patch,
  }
}

describe('the word-list import', () => {
  it('reads the format from the name, else from a CSV header, else TXT', () => {
    expect(detectWordFormat('list.CSV', '法轮')).toBe('csv')
    expect(detectWordFormat('list.txt', 'phrase,action\n')).toBe('txt')
    expect(detectWordFormat(null, '\uFEFFphrase,action,note\nfoo,hold,')).toBe('csv')
    expect(detectWordFormat(null, '# comment\nfoo, bar\n')).toBe('txt')
  })

  it('applies only the dry run of this very text, when it refuses nothing and writes something', () => {
    const checked = { text: 'foo', format: 'txt' as const, plan: plan() }
    expect(canApplyWords(checked, 'foo', 'txt')).toBe(true)
    expect(canApplyWords(checked, 'foo ', 'txt')).toBe(false)
    expect(canApplyWords(checked, 'foo', 'csv')).toBe(false)
    expect(canApplyWords(null, 'foo', 'txt')).toBe(false)
    const refused = plan({
      refused: [{ line: 4, phrase: '…', reason: 'empty_phrase', message: 'x' }],
    })
    expect(canApplyWords({ ...checked, plan: refused }, 'foo', 'txt')).toBe(false)
    const nothing = plan({ added: [] })
    expect(canApplyWords({ ...checked, plan: nothing }, 'foo', 'txt')).toBe(false)
    expect(wordPlanCounts(refused)).toEqual({ added: 1, changed: 0, unchanged: 3, refused: 1 })
  })
})
