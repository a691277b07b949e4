import type { PhonePrefix } from './user.ts'

/** Spec §9: the default phone prefix and the shortest number a code may be sent to. */
export const DEFAULT_PHONE_PREFIX: PhonePrefix = '86'
const PHONE_MIN_LENGTH = 5

interface PhoneRegion {
  prefix: PhonePrefix
  /** Key of its name under `common:phone.regions`. */
  nameKey: 'cn' | 'nanp'
  /**
   * What a search matches besides the prefix: the names in both interface languages and a few
   * common ones, so a visitor can type either language whatever the display language.
   */
  keywords: readonly string[]
}

/** Spec §5: only +86 and +1 are offered. */
export const PHONE_REGIONS: readonly PhoneRegion[] = [
  {
    prefix: '86',
    nameKey: 'cn',
    keywords: ['中国大陆', '中国', '大陆', 'chinese mainland', 'mainland china', 'china', 'cn'],
  },
  {
    prefix: '1',
    nameKey: 'nanp',
    keywords: [
      '美国/加拿大',
      '美国',
      '加拿大',
      'united states/canada',
      'united states',
      'usa',
      'us',
      'america',
      'canada',
      'ca',
    ],
  },
]

/**
 * Regions whose prefix starts with the query's digits ("86", "+1") or whose name contains the
 * query, case-insensitively. An empty query lists every region.
 */
export function searchPhoneRegions(query: string): PhoneRegion[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return [...PHONE_REGIONS]
  const code = needle.replace(/^\+/, '').trim()
  const isCode = /^\d+$/.test(code)
  return PHONE_REGIONS.filter((region) =>
    isCode
      ? region.prefix.startsWith(code)
      : region.keywords.some((keyword) => keyword.includes(needle)),
  )
}

/** Spec §5: a code is sent only to a number of at least 5 characters. */
export function canSendCodeTo(phoneNumber: string): boolean {
  return phoneNumber.trim().length >= PHONE_MIN_LENGTH
}

/** The number without the separators the server also accepts (spaces, -, parentheses). */
export function normalizePhoneNumber(phoneNumber: string): string {
  return phoneNumber.replace(/[\s\-()]/g, '')
}
