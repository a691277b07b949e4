import type { PlazaImage } from '@/lib/api/types.ts'
import { MAX_IMAGES } from './rules.ts'

/**
 * The plaza composer's draft, kept per signed-in user in this browser until it is posted or
 * discarded (docs/frontend.md, "Drafts and leaving a page").
 *
 * Kept in `localStorage`, not IndexedDB: a draft is small (2000 characters, nine image ids and
 * their thumbnails' addresses, far under a kilobyte or two), and a synchronous read lets the
 * composer start with the draft already in it — no empty first frame, no race between a late
 * restore and what the user types meanwhile. Only uploaded images are kept: a file still
 * uploading lives in memory, and the composer asks before a page is left while one is.
 */
interface PlazaDraft {
  body: string
  /** The district chosen in the composer: `null` when none was chosen (the filter's applies),
   * `''` when "No district" was chosen. */
  district: string | null
  /** Uploaded images, in order, with the name of the file each came from. */
  images: DraftImage[]
}

export interface DraftImage {
  name: string
  image: PlazaImage
}

const PREFIX = 'courtyard:plaza-draft:'
const VERSION = 1

/** The storage key of `userId`'s draft: one per user, so two people on one browser never
 * see each other's. */
export function draftKey(userId: string): string {
  return `${PREFIX}${userId}`
}

export const EMPTY_DRAFT: PlazaDraft = { body: '', district: null, images: [] }

export function isEmptyDraft(draft: PlazaDraft): boolean {
  return draft.body.trim() === '' && draft.district === null && draft.images.length === 0
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage disabled (some private modes, WeChat's strict settings): no drafts, no errors.
    return null
  }
}

function isImage(value: unknown): value is PlazaImage {
  if (typeof value !== 'object' || value === null) return false
  const image = value as Record<string, unknown>
  return (
    typeof image.id === 'string' &&
    typeof image.url === 'string' &&
    typeof image.thumbnailUrl === 'string' &&
    typeof image.width === 'number' &&
    typeof image.height === 'number'
  )
}

/** Reads back what `saveDraft` wrote; anything else (another version, a damaged entry) is no
 * draft. */
export function parseDraft(raw: string | null): PlazaDraft | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Record<string, unknown>
    if (value.v !== VERSION || typeof value.body !== 'string') return null
    const district =
      typeof value.district === 'string' || value.district === null ? value.district : null
    const images = Array.isArray(value.images)
      ? value.images
          .filter(
            (item): item is DraftImage =>
              typeof item === 'object' &&
              item !== null &&
              typeof (item as DraftImage).name === 'string' &&
              isImage((item as DraftImage).image),
          )
          .slice(0, MAX_IMAGES)
      : []
    return { body: value.body, district, images }
  } catch {
    return null
  }
}

/** `userId`'s draft in this browser, or `null`. */
export function loadDraft(userId: string): PlazaDraft | null {
  return parseDraft(storage()?.getItem(draftKey(userId)) ?? null)
}

/** Keeps `draft` for `userId`; an empty draft removes the entry. A full storage keeps the last
 * draft that fitted (the composer still holds this one). */
export function saveDraft(userId: string, draft: PlazaDraft): void {
  const store = storage()
  if (!store) return
  try {
    if (isEmptyDraft(draft)) store.removeItem(draftKey(userId))
    else store.setItem(draftKey(userId), JSON.stringify({ v: VERSION, ...draft }))
  } catch {
    // QuotaExceededError: nothing better to do than keep going.
  }
}

/** Forgets `userId`'s draft (posted or discarded). */
export function clearDraft(userId: string): void {
  try {
    storage()?.removeItem(draftKey(userId))
  } catch {
    // As above.
  }
}
