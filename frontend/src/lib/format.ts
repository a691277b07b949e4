// Dates, times and numbers in the interface language: one copy for every feature.
import { displayLanguage, intlLocale } from '@/lib/i18n.ts'

function locale(): string {
  return intlLocale(displayLanguage())
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
