import { describe, expect, it } from 'vitest'
import en from '@/locales/en/apidocs.json'
import zh from '@/locales/zh/apidocs.json'

// The lazy `apidocs` namespace is not in the language chunk that locales.test.ts checks.
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const result = new Map<string, string>()
  if (typeof value === 'string') return result.set(prefix, value)
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    for (const [path, text] of leaves(child, prefix ? `${prefix}.${key}` : key)) {
      result.set(path, text)
    }
  }
  return result
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort()

describe('apidocs messages', () => {
  const english = leaves(en)
  const chinese = leaves(zh)

  it('have the same keys and placeholders in zh and en, none empty', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort())
    for (const [key, text] of english) {
      expect(placeholders(chinese.get(key) ?? ''), key).toEqual(placeholders(text))
      expect(text.trim(), key).not.toBe('')
      expect(chinese.get(key)?.trim(), key).not.toBe('')
    }
  })
})
