/** The most of a post's text a card carries (the card shows three lines of it). */
const EXCERPT = 280

/** The post's text on one run of lines, cut at `EXCERPT` characters. */
export function excerpt(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim()
  const chars = [...text]
  return chars.length > EXCERPT ? `${chars.slice(0, EXCERPT).join('')}…` : text
}
