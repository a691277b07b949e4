// The server's rules the composer needs while typing, from the OpenAPI document's NewPostRequest
// and NewCommentRequest (`rules.test.ts` fails when they drift apart), and the page's own choices.

import { charCount } from '@/lib/text.ts'

/** A post's text: at most 2000 characters after trimming (counted as the server counts). */
export const POST_MAX_CHARS = 2000

/** How often the "N new posts" count is asked for while the page is visible. */
export const NEW_POSTS_POLL_MS = 30_000

/** Images per post. */
export const MAX_IMAGES = 9

/** A comment: 1–500 characters after trimming. */
export const COMMENT_MAX_CHARS = 500

/** The file picker's filter: JPEG, PNG, WebP and GIF, the kinds the server stores. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'

/**
 * How a post shows its images: one large, two to four in two columns, five to nine in three.
 * `null` for none.
 */
type ImageGridLayout = 'single' | 'two' | 'three'

export function imageGridLayout(count: number): ImageGridLayout | null {
  if (count <= 0) return null
  if (count === 1) return 'single'
  if (count <= 4) return 'two'
  return 'three'
}

/** The state of one image in the composer. */
export interface ComposerImage {
  state: 'queued' | 'uploading' | 'done' | 'failed'
}

/** Why the composer cannot post yet (`null`: it can). */
type ComposerProblem =
  | 'empty' // no text and no image
  | 'tooLong' // over 2000 characters
  | 'tooManyImages' // over 9
  | 'uploading' // an image is still on its way
  | 'failedImage' // an image failed: retry or remove it first

export function composerProblem(
  body: string,
  images: readonly ComposerImage[],
): ComposerProblem | null {
  if (images.length > MAX_IMAGES) return 'tooManyImages'
  if (charCount(body) > POST_MAX_CHARS) return 'tooLong'
  if (images.some((image) => image.state === 'failed')) return 'failedImage'
  if (images.some((image) => image.state === 'queued' || image.state === 'uploading'))
    return 'uploading'
  if (charCount(body) === 0 && images.length === 0) return 'empty'
  return null
}

/** How many of `offered` files still fit beside `current` images (the rest are refused). */
export function roomFor(current: number, offered: number): number {
  return Math.max(0, Math.min(offered, MAX_IMAGES - current))
}

/** Whether a pasted or dropped file is meant as an image (the server judges the bytes). */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/')
}

/**
 * `/plaza?district=`: only a GB/T 2260 code (six digits) is kept; anything else is no filter.
 * (The app's router hands digits over as the text they were: app/router.tsx, `parseSearch`.)
 */
export function validatePlazaSearch(search: Record<string, unknown>): { district?: string } {
  const district = search.district
  return typeof district === 'string' && /^[0-9]{6}$/.test(district) ? { district } : {}
}
