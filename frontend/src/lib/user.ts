import type { User } from './api/types.ts'

// The user's shape is the server's (UserDto in the OpenAPI document).
export type { PhonePrefix, User } from './api/types.ts'

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null

function graphemes(text: string): string[] {
  if (segmenter) return Array.from(segmenter.segment(text), (part) => part.segment)
  return Array.from(text)
}

/**
 * Display initials (spec §3): the first two letters of the nickname, else of the username,
 * upper case. Whitespace is skipped so "  li na" gives "LI", and a CJK nickname keeps its
 * characters ("张三丰" gives "张三").
 */
export function userInitials(user: Pick<User, 'nickname' | 'username'>): string {
  const source = user.nickname.trim() ? user.nickname : user.username
  return graphemes(source.replace(/\s+/gu, '')).slice(0, 2).join('').toUpperCase()
}
