// The server's rules the editor needs while typing, from the OpenAPI document's
// SaveArticleBody (`rules.test.ts` fails when they drift apart).

/** An article's title: 1–120 characters, not only spaces. */
export const TITLE_MAX_CHARS = 120

/** An article's Markdown: at most 100,000 characters. */
export const BODY_MAX_CHARS = 100_000

/** A reply's Markdown: 1–5000 characters, not only spaces (NewReplyBody). */
export const REPLY_MAX_CHARS = 5000

/**
 * Why a manager deletes someone else's reply or article, told to its author: at most 500
 * characters after trimming (the `reason` query parameter).
 */
export const REMOVAL_REASON_MAX_CHARS = 500

/** The file picker's filter: JPEG, PNG, WebP and GIF, the kinds the server stores. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'

/** Gallery files sent at once; the rest wait their turn (the server decodes a few at a time). */
export const PARALLEL_UPLOADS = 2

/**
 * Whether a pasted or dropped file is meant as an image. The server judges the bytes (and
 * refuses other kinds with its own message), so any image type goes, not only the four.
 */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/')
}
