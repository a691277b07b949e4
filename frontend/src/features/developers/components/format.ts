import { displayLanguage, intlLocale } from '@/lib/i18n.ts'

/** Date and time in the interface language, e.g. "2026年3月1日 14:05" / "Mar 1, 2026, 2:05 PM". */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return iso
  return new Intl.DateTimeFormat(intlLocale(displayLanguage()), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(time)
}
