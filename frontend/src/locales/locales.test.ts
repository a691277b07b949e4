import { describe, expect, it } from 'vitest'
import enAi from './en/ai.json'
import enChunk from './en/index.ts'
import zhAi from './zh/ai.json'
import zhChunk from './zh/index.ts'

// The language chunk's namespaces and those loaded on first use (lib/i18n.ts).
const en = { ...enChunk, ai: enAi }
const zh = { ...zhChunk, ai: zhAi }

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const result = new Map<string, string>()
  if (typeof value === 'string') {
    result.set(prefix, value)
    return result
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    for (const [path, text] of leaves(child, prefix ? `${prefix}.${key}` : key))
      result.set(path, text)
  }
  return result
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort()

describe('locale files', () => {
  const english = leaves(en)
  const chinese = leaves(zh)

  it('have the same namespaces and keys in zh and en', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort())
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of english) {
      expect(placeholders(chinese.get(key) ?? ''), key).toEqual(placeholders(text))
    }
  })

  it('have no empty messages', () => {
    for (const [key, text] of [...english, ...chinese]) expect(text.trim(), key).not.toBe('')
  })
})
