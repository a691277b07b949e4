import { describe, expect, it } from 'vitest'
import { highlightCode } from './highlight.ts'
import { hasCodeFence, loadHighlighter, currentHighlighter } from './highlighter.ts'
import { renderMarkdown, renderMarkdownCached, sanitizeHtml } from './render.ts'

const render = (source: string) => renderMarkdown(source, { copyLabel: 'Copy' })

function dom(html: string): HTMLElement {
  const element = document.createElement('div')
  element.innerHTML = html
  return element
}

describe('renderMarkdown (spec §9)', () => {
  it('renders raw HTML as text, not as elements', () => {
    const html = render('<b>bold</b> <script>alert(1)</script>')
    const element = dom(html)
    expect(element.querySelector('b')).toBeNull()
    expect(element.querySelector('script')).toBeNull()
    expect(element.textContent).toContain('<b>bold</b>')
    expect(element.textContent).toContain('<script>alert(1)</script>')
  })

  it('neutralises an image with an onerror handler', () => {
    const element = dom(render('<img src=x onerror=alert(1)>'))
    expect(element.querySelector('img')).toBeNull()
    expect(element.querySelector('[onerror]')).toBeNull()
    expect(element.textContent).toContain('<img src=x onerror=alert(1)>')
  })

  it('keeps Markdown images but without any event handler', () => {
    const element = dom(render('![logo](https://example.com/a.png "x\\" onerror=\\"alert(1)")'))
    const image = element.querySelector('img')
    expect(image?.getAttribute('src')).toBe('https://example.com/a.png')
    expect(image?.getAttribute('onerror')).toBeNull()
    expect(image?.getAttribute('referrerpolicy')).toBe('no-referrer')
  })

  it("reserves a stored image's box from the size in its address, and only from a size", () => {
    const element = dom(
      render('![a](/api/media/1#1200x800)\n\n![b](/api/media/2)\n\n![c](/api/media/3#0x9)'),
    )
    const [sized, plain, zero] = element.querySelectorAll('img')
    expect(sized?.getAttribute('src')).toBe('/api/media/1')
    expect(sized?.getAttribute('width')).toBe('1200')
    expect(sized?.getAttribute('height')).toBe('800')
    expect(plain?.hasAttribute('width')).toBe(false)
    expect(zero?.hasAttribute('width')).toBe(false)
  })

  it('does not turn javascript: URLs into links', () => {
    const element = dom(render('[click](javascript:alert(1)) and <javascript:alert(2)>'))
    expect(element.querySelector('a')).toBeNull()
    expect(element.innerHTML).not.toMatch(/href="javascript:/i)
    expect(element.textContent).toContain('[click](javascript:alert(1))')
  })

  it('opens external http(s) links in a new tab without opener or referrer', () => {
    const element = dom(render('[docs](https://example.com/docs) and [plain](http://example.org)'))
    const links = [...element.querySelectorAll('a')]
    expect(links).toHaveLength(2)
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    }
  })

  it('leaves relative links in the same tab', () => {
    const link = dom(render('[home](/developers)')).querySelector('a')
    expect(link?.getAttribute('href')).toBe('/developers')
    expect(link?.hasAttribute('target')).toBe(false)
  })

  it('turns single line breaks into <br>', () => {
    const element = dom(render('first line\nsecond line'))
    expect(element.querySelectorAll('p')).toHaveLength(1)
    expect(element.querySelectorAll('br')).toHaveLength(1)
  })

  it('detects bare URLs as links', () => {
    const link = dom(render('see https://courtyard.example/path for more')).querySelector('a')
    expect(link?.getAttribute('href')).toBe('https://courtyard.example/path')
    expect(link?.getAttribute('target')).toBe('_blank')
  })

  it('applies typographic replacements', () => {
    expect(dom(render('(c) 2026 -- "quoted"')).textContent?.trim()).toBe('© 2026 – “quoted”')
  })

  it('renders fenced code as escaped text with a copy button when there is no highlighter', () => {
    const element = dom(render('```js\nconst a = "<b>"\n```'))
    const code = element.querySelector('.md-code pre code')
    expect(code?.className).toBe('language-js')
    expect(code?.querySelector('span')).toBeNull()
    expect(code?.textContent).toBe('const a = "<b>"\n')
    expect(element.querySelector('.md-code-language')?.textContent).toBe('js')
    const button = element.querySelector('button[data-copy-code]')
    expect(button?.textContent).toBe('Copy')
    expect(button?.getAttribute('type')).toBe('button')
  })

  it('highlights fenced code of a registered language', () => {
    const element = dom(
      renderMarkdown('```python\ndef f():\n    return "x"\n```', {
        copyLabel: '复制',
        highlight: highlightCode,
      }),
    )
    const code = element.querySelector('pre code')
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('def')
    expect(code?.querySelector('.hljs-string')?.textContent).toBe('"x"')
    expect(code?.textContent).toBe('def f():\n    return "x"\n')
    expect(element.querySelector('button[data-copy-code]')?.textContent).toBe('复制')
  })

  it('leaves code of an unknown language plain and escaped', () => {
    const element = dom(
      renderMarkdown('```brainfuck\n<+>\n```', { copyLabel: 'Copy', highlight: highlightCode }),
    )
    expect(element.querySelector('pre code span')).toBeNull()
    expect(element.querySelector('pre code')?.textContent).toBe('<+>\n')
  })

  it('caches by content, label and highlighting', () => {
    const first = renderMarkdownCached('**cached**', { copyLabel: 'Copy' })
    expect(renderMarkdownCached('**cached**', { copyLabel: 'Copy' })).toBe(first)
    expect(first).toContain('<strong>cached</strong>')
    const source = '```ts\nlet x = 1\n```'
    const plain = renderMarkdownCached(source, { copyLabel: 'Copy' })
    const highlighted = renderMarkdownCached(source, {
      copyLabel: 'Copy',
      highlight: highlightCode,
    })
    expect(plain).not.toBe(highlighted)
    expect(highlighted).toContain('hljs-keyword')
  })
})

describe('sanitizeHtml', () => {
  it('strips handlers, scripts and javascript: URLs and marks external links', () => {
    const element = dom(
      sanitizeHtml(
        '<img src="x" onerror="alert(1)"><script>alert(2)</script>' +
          '<a href="javascript:alert(3)">bad</a><a href="https://example.com">good</a>',
      ),
    )
    expect(element.querySelector('img')?.getAttribute('onerror')).toBeNull()
    expect(element.querySelector('script')).toBeNull()
    const [bad, good] = [...element.querySelectorAll('a')]
    expect(bad?.getAttribute('href')).toBeNull()
    expect(bad?.hasAttribute('target')).toBe(false)
    expect(good?.getAttribute('target')).toBe('_blank')
    expect(good?.getAttribute('rel')).toBe('noopener noreferrer')
  })
})

describe('highlighter loading', () => {
  it('knows when an answer has fenced code', () => {
    expect(hasCodeFence('text\n```js\nx\n```')).toBe(true)
    expect(hasCodeFence('~~~\nx\n~~~')).toBe(true)
    expect(hasCodeFence('inline `code` only')).toBe(false)
  })

  it('loads highlight.js on demand', async () => {
    await loadHighlighter()
    const highlight = currentHighlighter()
    expect(highlight?.('let a = 1', 'typescript')).toContain('hljs-keyword')
    expect(highlight?.('x', 'ts')).not.toBeNull()
    expect(highlight?.('ls -la', 'shell')).not.toBeNull()
    expect(highlight?.('x', 'cobol')).toBeNull()
  })
})

describe('mentions', () => {
  it('link @username to the profile, outside code and links', () => {
    const html = render('谢谢 @Ann_Li，见 `@code` 和 [@link](https://example.com)')
    expect(html).toContain('<a href="/profile/@ann_li" class="mention">@Ann_Li</a>')
    expect(html).toContain('<code>@code</code>')
    expect(html).not.toContain('/profile/@code')
    expect(html).not.toContain('/profile/@link')
  })

  it('leave e-mail addresses alone', () => {
    expect(render('mail a@b.cn')).not.toContain('class="mention"')
  })
})
