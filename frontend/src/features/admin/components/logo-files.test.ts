import { describe, expect, it } from 'vitest'
import indexHtml from '../../../../index.html?raw'
import defaultManifest from '../../../../public/manifest/default.webmanifest?raw'
import enManifest from '../../../../public/manifest/en.webmanifest?raw'
import zhManifest from '../../../../public/manifest/zh.webmanifest?raw'
import favicon from '../../../../public/favicon.svg?raw'
import maskableIcon from '../../../../public/icon-maskable.svg?raw'
import { render } from '@testing-library/react'
import { createElement } from 'react'
import { Logo } from '@/components/logo.tsx'
import { MARK_PILLARS, MARK_ROOF, MARK_TITLE } from '@/lib/brand-mark.ts'
import { LOGO_FILES, logoDataUrl, logoFileName, logoSvg, type LogoFile } from './logo-files.ts'

/** The static icons in public/ (favicon, manifest icons) and the variant each one must be. */
const PUBLIC_ICONS: [string, string, LogoFile][] = [
  ['public/favicon.svg', favicon, 'icon'],
  ['public/icon-maskable.svg', maskableIcon, 'icon-maskable'],
]

function parse(svg: string): Document {
  return new DOMParser().parseFromString(svg, 'image/svg+xml')
}

describe('logo files', () => {
  it.each(LOGO_FILES)('%s is a standalone SVG with a title and the gate', (file) => {
    const svg = logoSvg(file)
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    const doc = parse(svg)
    expect(doc.querySelector('parsererror')).toBeNull()
    expect(doc.documentElement.firstElementChild?.tagName).toBe('title')
    expect(doc.querySelector('title')?.textContent).toBe(MARK_TITLE)
    const paths = [...doc.querySelectorAll('path')].map((p) => p.getAttribute('d'))
    expect(paths).toEqual([MARK_ROOF, MARK_PILLARS])
    expect(doc.querySelectorAll('circle')).toHaveLength(1)
  })

  it('every variant is a different file with its own .svg name', () => {
    expect(new Set(LOGO_FILES.map(logoSvg)).size).toBe(LOGO_FILES.length)
    expect(new Set(LOGO_FILES.map(logoFileName)).size).toBe(LOGO_FILES.length)
    for (const file of LOGO_FILES) expect(logoFileName(file)).toMatch(/^courtyard-[a-z-]+\.svg$/)
  })

  it('the wordmark names Courtyard in both languages; the others carry no text', () => {
    for (const file of LOGO_FILES) {
      const texts = [...parse(logoSvg(file)).querySelectorAll('text')].map((t) => t.textContent)
      expect(texts).toEqual(file.startsWith('wordmark') ? ['庭院', 'Courtyard'] : [])
    }
  })

  it('the data URL holds exactly the SVG', () => {
    const url = logoDataUrl('mark')
    const prefix = 'data:image/svg+xml;charset=utf-8,'
    expect(url.startsWith(prefix)).toBe(true)
    expect(decodeURIComponent(url.slice(prefix.length))).toBe(logoSvg('mark'))
  })

  // The favicon and the manifests' icons are static files; they must be the mark's own output
  // (after a change to the mark, this test prints the new content to write there).
  it.each(PUBLIC_ICONS)('%s is the mark', (_path, content, file) => {
    expect(content).toBe(logoSvg(file))
  })

  it('index.html and every web manifest point at those icons', () => {
    expect(indexHtml).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />')
    for (const raw of [defaultManifest, enManifest, zhManifest]) {
      const manifest = JSON.parse(raw) as {
        icons: { src: string; purpose: string; type: string }[]
      }
      expect(manifest.icons.map((i) => [i.src, i.purpose, i.type])).toEqual([
        ['/favicon.svg', 'any', 'image/svg+xml'],
        ['/icon-maskable.svg', 'maskable', 'image/svg+xml'],
      ])
    }
  })

  it("the header's Logo draws the same mark, in the theme's colours", () => {
    const { container } = render(createElement(Logo))
    const svg = container.querySelector('svg')!
    expect(svg).toHaveAttribute('aria-hidden', 'true')
    const icon = parse(logoSvg('icon'))
    const shapes = (root: ParentNode) =>
      [...root.querySelectorAll('rect, path, circle')].map((el) =>
        ['d', 'cx', 'cy', 'r', 'rx', 'width'].map((name) => el.getAttribute(name)),
      )
    expect(shapes(svg)).toEqual(shapes(icon))
  })
})
