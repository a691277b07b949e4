/**
 * The reply being written to an article, kept per signed-in user and article in this browser
 * until it is sent (docs/frontend.md, "Drafts and leaving a page"; the plaza composer's draft,
 * `features/plaza/draft.ts`, is the model). `localStorage`: a reply is at most 5000 characters,
 * and a synchronous read lets the form start with the draft in it.
 */
export interface ReplyDraft {
  body: string
  /** The reply being quoted: its id and its author's name, for the chip. */
  quote: { id: string; name: string } | null
}

const PREFIX = 'courtyard:reply-draft:'
const VERSION = 1

export const EMPTY_REPLY_DRAFT: ReplyDraft = { body: '', quote: null }

/** One entry per user and article: two people on one browser never see each other's. */
export function replyDraftKey(userId: string, articleId: string): string {
  return `${PREFIX}${userId}:${articleId}`
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage disabled (some private modes): no drafts, no errors.
    return null
  }
}

/** Reads back what `saveReplyDraft` wrote; anything else is no draft. */
export function parseReplyDraft(raw: string | null): ReplyDraft | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Record<string, unknown>
    if (value.v !== VERSION || typeof value.body !== 'string') return null
    const quote = value.quote as Record<string, unknown> | null | undefined
    const valid =
      typeof quote === 'object' &&
      quote !== null &&
      typeof quote.id === 'string' &&
      typeof quote.name === 'string'
    return {
      body: value.body,
      quote: valid ? { id: quote.id as string, name: quote.name as string } : null,
    }
  } catch {
    return null
  }
}

export function loadReplyDraft(userId: string, articleId: string): ReplyDraft {
  return (
    parseReplyDraft(storage()?.getItem(replyDraftKey(userId, articleId)) ?? null) ??
    EMPTY_REPLY_DRAFT
  )
}

/** Keeps `draft`; an empty one (no text, no quote) removes the entry. */
export function saveReplyDraft(userId: string, articleId: string, draft: ReplyDraft): void {
  const store = storage()
  if (!store) return
  try {
    if (draft.body.trim() === '' && draft.quote === null)
      store.removeItem(replyDraftKey(userId, articleId))
    else store.setItem(replyDraftKey(userId, articleId), JSON.stringify({ v: VERSION, ...draft }))
  } catch {
    // A full storage: the form still holds the text.
  }
}
