// The Markdown the editor writes for images: a placeholder while one uploads, then the image.

/** `[`, `]` and `\` would end or break the alt text of `![alt](url)`. */
function escapeAlt(text: string): string {
  return text.replace(/[[\]\\]/g, (char) => `\\${char}`)
}

/** The alt text for a file: its name without the extension ("IMG_0042"), or `fallback`. */
export function altText(fileName: string, fallback: string): string {
  const name = fileName.replace(/\.[a-z0-9]{1,5}$/i, '').trim()
  return escapeAlt(name || fallback)
}

/**
 * `![alt](url#WxH)`: the fragment carries the image's size (never sent to the server), so the
 * rendered article reserves the image's box before it loads and nothing below it moves.
 */
export function imageMarkdown(
  alt: string,
  url: string,
  size?: { width: number; height: number },
): string {
  const fragment = size && size.width > 0 && size.height > 0 ? `#${size.width}x${size.height}` : ''
  return `![${alt}](${url}${fragment})`
}

/**
 * `![Uploading photo.png…]()` (GitHub's form: no address, so nothing is fetched), made unique
 * in `body` with " (2)", " (3)" … so two uploads of one name are told apart.
 */
export function uploadPlaceholder(body: string, label: string, taken: ReadonlySet<string>) {
  const base = escapeAlt(label)
  for (let n = 1; ; n++) {
    const placeholder = `![${n === 1 ? base : `${base} (${n})`}]()`
    if (!body.includes(placeholder) && !taken.has(placeholder)) return placeholder
  }
}

/**
 * `body` with `block` put in place of the selection `start`–`end` as a paragraph of its own
 * (blank lines around it, so it never joins the paragraph, list item or quote next to it); and
 * where the caret goes (after the block).
 */
export function insertBlock(body: string, start: number, end: number, block: string) {
  const before = body.slice(0, start)
  const after = body.slice(end)
  const prefix = !before || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'
  const suffix = !after || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n'
  const head = `${before}${prefix}${block}`
  return { body: `${head}${suffix}${after}`, caret: head.length }
}

/** `body` with `placeholder` replaced by `markdown` (`null`: removed with its blank line). */
export function replacePlaceholder(body: string, placeholder: string, markdown: string | null) {
  if (markdown !== null) return body.replace(placeholder, () => markdown)
  for (const gone of [`${placeholder}\n\n`, `\n\n${placeholder}`, placeholder]) {
    if (body.includes(gone)) return body.replace(gone, '')
  }
  return body
}
