export type UserRole = 'user' | 'admin'

/** The signed-in user as the server describes it (docs/api.md). */
export interface User {
  id: string
  username: string
  nickname: string
  role: UserRole
  createdAt: string
  avatarUrl: string | null
  /** False for accounts made by phone or WeChat that never set a password. */
  hasPassword: boolean
  /** The bound phone number, masked by the server ("138****8000"). */
  phone: UserPhone | null
  wechatLinked: boolean
}

export interface UserPhone {
  prefix: PhonePrefix
  masked: string
}

/** The phone regions offered (spec §5): +86 and +1. */
export type PhonePrefix = '86' | '1'

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
