import { describe, expect, it } from 'vitest'
import en from '@/locales/en/weather.json'
import zh from '@/locales/zh/weather.json'

// The `weather` namespace is lazy (lib/i18n.ts), so the shared parity test does not see it.

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const result = new Map<string, string>()
  if (typeof value === 'string') return result.set(prefix, value)
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    for (const [path, text] of leaves(child, prefix ? `${prefix}.${key}` : key))
      result.set(path, text)
  }
  return result
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort()
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((match) => match[1]).sort()

describe('weather messages', () => {
  it('have the same keys, placeholders and markup in zh and en, none empty', () => {
    const english = leaves(en)
    const chinese = leaves(zh)
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort())
    for (const [key, text] of english) {
      const other = chinese.get(key) ?? ''
      expect(placeholders(other), key).toEqual(placeholders(text))
      expect(tags(other), key).toEqual(tags(text))
      expect(text.trim(), key).not.toBe('')
      expect(other.trim(), key).not.toBe('')
    }
  })

  it('name every condition the server sends', () => {
    const conditions = [
      'clear',
      'partly_cloudy',
      'overcast',
      'fog',
      'drizzle',
      'rain',
      'snow',
      'showers',
      'thunderstorm',
      'unknown',
    ]
    expect(Object.keys(en.condition).sort()).toEqual([...conditions].sort())
  })
})
