// Dates, times and numbers in the interface language: one copy for every feature.
import { displayLanguage, intlLocale, type Language } from '@/lib/i18n.ts'

function locale(): string {
  return intlLocale(displayLanguage())
}

const shortFormats = new Map<string, Intl.DateTimeFormat>()

/** The two short formats below, made once per language: they run for every chat message. */
function shortFormat(language: Language, kind: 'time' | 'day'): Intl.DateTimeFormat {
  const key = `${language}:${kind}`
  let format = shortFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(
      intlLocale(language),
      kind === 'time' ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric' },
    )
    shortFormats.set(key, format)
  }
  return format
}

export function parseTime(iso: string | null | undefined): number | null {
  if (!iso) return null
  const time = Date.parse(iso)
  return Number.isNaN(time) ? null : time
}

/** Date and time in the interface language, e.g. "2026年3月1日 14:05:09" / "Mar 1, 2026, 2:05:09 PM". */
export function formatDateTime(iso: string, withSeconds = false): string {
  const time = parseTime(iso)
  if (time === null) return iso
  return new Intl.DateTimeFormat(locale(), {
    dateStyle: 'medium',
    timeStyle: withSeconds ? 'medium' : 'short',
  }).format(time)
}

/** A date alone, e.g. "2026年3月1日" / "March 1, 2026". */
export function formatDate(time: number): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'long' }).format(time)
}

/** Hour and minute, two digits each: "14:05" / "02:05 PM" (spec §4.5: hour:minute in the
 * Chinese locale). `language` defaults to the interface language. */
export function formatTime(time: number, language: Language = displayLanguage()): string {
  return shortFormat(language, 'time').format(time)
}

/** A time on `now`'s day as `formatTime`, any other day as month and day: "1月2日" / "Jan 2". */
export function formatTimeOrDay(
  time: number,
  language: Language = displayLanguage(),
  now: number = Date.now(),
): string {
  if (new Date(time).toDateString() === new Date(now).toDateString()) {
    return formatTime(time, language)
  }
  return shortFormat(language, 'day').format(time)
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale()).format(value)
}

/** "in 95 minutes" / "95分钟后", "5 minutes ago" / "5分钟前": seconds below a minute, minutes
 * below three hours, then hours and days. */
export function formatRelative(target: number, now: number): string {
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' })
  const seconds = Math.round((target - now) / 1000)
  if (Math.abs(seconds) < 60) return format.format(seconds, 'second')
  const minutes = Math.round(seconds / 60)
  if (Math.abs(minutes) < 180) return format.format(minutes, 'minute')
  const hours = Math.round(seconds / 3600)
  if (Math.abs(hours) < 48) return format.format(hours, 'hour')
  return format.format(Math.round(seconds / 86_400), 'day')
}
