import DOMPurify from 'dompurify'
import MarkdownIt, { type Env } from 'markdown-it'
import { mentionHref, splitMentions } from '../mentions.ts'
import type { HighlightFunction } from './highlighter.ts'

/*
 * The app's one Markdown renderer: the assistant's answers (spec §9) and the groups' articles.
 * Raw HTML off, line breaks on, links detected, typographic replacements on, and the output
 * sanitised. Fenced code is highlighted and gets a copy button (wired up by MarkdownView).
 */

interface RenderOptions {
  /** Label of the copy button on code blocks, in the interface language. */
  copyLabel: string
  /** Highlights fenced code; without it code blocks are plain (escaped) text. */
  highlight?: HighlightFunction | null
}

/** markdown-it's `env`: what renderMarkdown hands its fence rule for one rendering. */
interface RenderEnv extends Env {
  copyLabel: string
  highlight: HighlightFunction | null
}

const markdown = new MarkdownIt({
  html: false,
  breaks: true,
  linkify: true,
  typographer: true,
})

markdown.renderer.rules.fence = (tokens, index, _options, env) => {
  const token = tokens[index]
  if (!token) return ''
  // Set by renderMarkdown below, the only caller of markdown.render.
  const { copyLabel, highlight } = env as RenderEnv
  const escape = markdown.utils.escapeHtml
  const language = token.info.trim().split(/\s+/)[0] ?? ''
  const highlighted = language ? highlight?.(token.content, language) : null
  const languageClass = language ? ` class="language-${escape(language)}"` : ''
  return [
    '<div class="md-code">',
    '<div class="md-code-bar">',
    `<span class="md-code-language">${escape(language)}</span>`,
    `<button type="button" class="md-code-copy" data-copy-code="">${escape(copyLabel)}</button>`,
    '</div>',
    `<pre><code${languageClass}>${highlighted ?? escape(token.content)}</code></pre>`,
    '</div>',
  ].join('')
}

/*
 * `@username` in text (not in code, not inside a link) links to the person's profile, as the
 * plain-text bodies do (lib/mentions.ts).
 */
markdown.core.ruler.after('linkify', 'mention', (state) => {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue
    const children = []
    let inLink = 0
    for (const token of block.children) {
      if (token.type === 'link_open') inLink += 1
      if (token.type === 'link_close') inLink -= 1
      const parts = token.type === 'text' && inLink === 0 ? splitMentions(token.content) : null
      if (!parts?.some((part) => 'username' in part)) {
        children.push(token)
        continue
      }
      for (const part of parts) {
        const text = new state.Token('text', '', 0)
        text.content = part.text
        if ('username' in part) {
          const open = new state.Token('link_open', 'a', 1)
          open.attrs = [
            ['href', mentionHref(part.username)],
            ['class', 'mention'],
          ]
          children.push(open, text, new state.Token('link_close', 'a', -1))
        } else {
          children.push(text)
        }
      }
    }
    block.children = children
  }
})

/** Our own DOMPurify instance, so its hook touches nothing else in the app. */
const purifier = DOMPurify(window)
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href') ?? ''
    // External links open in a new tab that cannot reach back to us (spec §9).
    if (/^https?:\/\//i.test(href)) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  } else if (node.tagName === 'IMG') {
    // `#1200x800` at the end of the address (the editor writes it) is the image's size: the
    // box is reserved before the image arrives, so the text below does not move (CLS).
    const src = node.getAttribute('src') ?? ''
    const size = /#(\d{1,5})x(\d{1,5})$/.exec(src)
    if (size?.[1] && size[2] && Number(size[1]) > 0 && Number(size[2]) > 0) {
      node.setAttribute('src', src.slice(0, size.index))
      node.setAttribute('width', size[1])
      node.setAttribute('height', size[2])
    }
    node.setAttribute('loading', 'lazy')
    node.setAttribute('referrerpolicy', 'no-referrer')
  }
})

/** The renderer's output through DOMPurify: no scripts, handlers or dangerous URLs survive. */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select'] })
}

export function renderMarkdown(source: string, { copyLabel, highlight }: RenderOptions): string {
  const env: RenderEnv = { copyLabel, highlight: highlight ?? null }
  return sanitizeHtml(markdown.render(source, env))
}

/*
 * Rendered texts by source. A streaming answer is rendered again on every delta, but the
 * finished ones around it are not, and switching conversations (or articles) back and forth
 * costs nothing. Oldest entries go first.
 */
const CACHE_LIMIT = 200
const cache = new Map<string, string>()

export function renderMarkdownCached(source: string, options: RenderOptions): string {
  const key = `${options.highlight ? 1 : 0}${options.copyLabel}\u0000${source}`
  const hit = cache.get(key)
  if (hit !== undefined) {
    // Most recently used goes last.
    cache.delete(key)
    cache.set(key, hit)
    return hit
  }
  const html = renderMarkdown(source, options)
  cache.set(key, html)
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next()
    if (!oldest.done) cache.delete(oldest.value)
  }
  return html
}
