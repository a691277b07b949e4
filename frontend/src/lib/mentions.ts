/*
 * `@username` mentions, as the server reads them (kernel::notice::mentioned_usernames): a name
 * is what a username holds (a-z, 0-9, `_`, `-`; compared folded), written after a character no
 * name holds, so `a@b.c` is no mention. Shared by the plain-text bodies (plaza posts and
 * comments), the Markdown renderer and the completion of names as one types.
 */

const NAME = /[A-Za-z0-9_-]/

/** One piece of a text: plain text, or a mention of `username` (folded to lower case). */
type MentionPart = { text: string } | { text: string; username: string }

/** `text` cut into plain pieces and mentions, in order (joined, they are `text` again). */
export function splitMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = []
  let plain = ''
  let i = 0
  while (i < text.length) {
    const before = i === 0 ? '' : text.charAt(i - 1)
    if (text.charAt(i) === '@' && !(NAME.test(before) || before === '.')) {
      let end = i + 1
      while (end < text.length && NAME.test(text.charAt(end))) end += 1
      if (end > i + 1 && end - i - 1 <= 32) {
        if (plain) parts.push({ text: plain })
        plain = ''
        const written = text.slice(i, end)
        parts.push({ text: written, username: written.slice(1).toLowerCase() })
        i = end
        continue
      }
    }
    plain += text.charAt(i)
    i += 1
  }
  if (plain) parts.push({ text: plain })
  return parts
}

export { mentionHref, mentionUsername } from './mention-link.ts'

/**
 * The name being typed before the caret, for completion: `{ start, query }` when the caret
 * follows `@` and up to 32 name characters (`start` is the index of the `@`), else `null`.
 */
export function mentionAtCaret(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  let start = caret
  while (start > 0 && NAME.test(text.charAt(start - 1))) start -= 1
  if (start === 0 || text.charAt(start - 1) !== '@') return null
  const at = start - 1
  const before = at === 0 ? '' : text.charAt(at - 1)
  if (NAME.test(before) || before === '.') return null
  const query = text.slice(start, caret)
  if (query.length > 32) return null
  return { start: at, query }
}

/** `text` with the name being typed at `start` (the `@`) up to `caret` completed to `username`. */
export function completeMention(
  text: string,
  start: number,
  caret: number,
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `
  const after = text
    .slice(caret)
    .replace(/^[A-Za-z0-9_-]*/, '')
    .replace(/^ /, '')
  return { text: text.slice(0, start) + inserted + after, caret: start + inserted.length }
}
