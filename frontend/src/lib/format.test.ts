import { describe, expect, it } from 'vitest'
import { formatTime, formatTimeOrDay } from './format.ts'
import { i18n } from './i18n.ts'

// ICU puts a narrow no-break space before AM/PM.
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('short times and days', () => {
  const afternoon = new Date(2026, 0, 2, 14, 5, 9).getTime()

  it('times are shown as hour:minute in the Chinese locale (and the US one in English)', () => {
    expect(formatTime(afternoon, 'zh')).toBe('14:05')
    expect(plain(formatTime(afternoon, 'en'))).toBe('02:05 PM')
    expect(formatTime(new Date(2026, 0, 2, 9, 7).getTime(), 'zh')).toBe('09:07')
  })

  it('follows the interface language when none is given', async () => {
    expect(plain(formatTime(afternoon))).toBe('02:05 PM')
    await i18n.changeLanguage('zh')
    try {
      expect(formatTime(afternoon)).toBe('14:05')
    } finally {
      await i18n.changeLanguage('en')
    }
  })

  it("shows a time on the same day as now's by its time, any other day by month and day", () => {
    const sameDay = new Date(2026, 0, 2, 23, 59).getTime()
    expect(formatTimeOrDay(afternoon, 'zh', sameDay)).toBe('14:05')
    expect(plain(formatTimeOrDay(afternoon, 'en', sameDay))).toBe('02:05 PM')
    const nextDay = new Date(2026, 0, 3, 0, 1).getTime()
    expect(formatTimeOrDay(afternoon, 'zh', nextDay)).toBe('1月2日')
    expect(formatTimeOrDay(afternoon, 'en', nextDay)).toBe('Jan 2')
    const aYearLater = new Date(2027, 0, 2, 14, 5).getTime()
    expect(formatTimeOrDay(afternoon, 'en', aYearLater)).toBe('Jan 2')
  })
})
