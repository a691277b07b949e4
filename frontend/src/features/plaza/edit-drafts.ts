// The texts of open edits, kept while the page lives: an editor that is re-rendered or mounted
// again (the feed refetched, the card scrolled back, the post opened on its own page) finds what
// was typed. A tab closed or reloaded drops them (the leave guard asks first).

const drafts = new Map<string, string>()

/** The key of the edit of a post or a comment. */
export const editKey = (kind: 'post' | 'comment', id: string) => `${kind}:${id}`

export function editDraft(key: string): string | undefined {
  return drafts.get(key)
}

export function keepEditDraft(key: string, text: string): void {
  drafts.set(key, text)
}

export function dropEditDraft(key: string): void {
  drafts.delete(key)
}

/** Forgets every draft (tests). */
export function resetEditDraftsForTests(): void {
  drafts.clear()
}
