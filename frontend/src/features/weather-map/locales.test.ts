import { describe, expect, it } from 'vitest'
import en from '@/locales/en/weather.json'

// Same keys, placeholders and markup in zh: src/locales/locales.test.ts.

describe('weather messages', () => {
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
