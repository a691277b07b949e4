import { describe, expect, it } from 'vitest'

// Every namespace, in the language chunk or loaded on first use (lib/i18n.ts): each JSON file of
// a language folder.
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', {
  import: 'default',
  eager: true,
})

function namespaces(lang: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`./${lang}/`))
      .map(([path, messages]) => [path.slice(`./${lang}/`.length, -'.json'.length), messages]),
  )
}

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
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((match) => match[1]).sort()

describe('locale files', () => {
  const en = namespaces('en')
  const zh = namespaces('zh')
  const english = leaves(en)
  const chinese = leaves(zh)

  it('are all here: every namespace the app loads, in both languages', () => {
    expect(Object.keys(en)).toEqual(expect.arrayContaining(['common', 'ai', 'plaza', 'weather']))
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort())
  })

  it('have the same keys in zh and en', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('use the same placeholders and markup in both languages', () => {
    for (const [key, text] of english) {
      const other = chinese.get(key) ?? ''
      expect(placeholders(other), key).toEqual(placeholders(text))
      expect(tags(other), key).toEqual(tags(text))
    }
  })

  it('have no empty messages', () => {
    for (const [key, text] of [...english, ...chinese]) expect(text.trim(), key).not.toBe('')
  })
})
