// The server's rules the groups' forms check while typing (`rules.test.ts` holds them to the
// OpenAPI document); the server stays the judge.

/** The rules of a group's name and description (2–40 and ≤ 500 characters). */
export const NAME_MIN = 2
export const NAME_MAX = 40
export const DESCRIPTION_MAX = 500

/** The image types the server accepts (judged by content there; this only filters the picker). */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

/** The longest search the server takes (`q`, 40 characters: a group name's maximum). */
export const SEARCH_MAX = 40

/** The longest request message and the invite code's length. */
export const JOIN_MESSAGE_MAX = 500
export const INVITE_CODE_LENGTH = 8

/** The longest reason a rejection keeps. */
export const REJECT_REASON_MAX = 500
