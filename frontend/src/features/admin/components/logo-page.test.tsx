import { render, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadNamespace } from '@/lib/i18n.ts'
import { logoSvg, type LogoFile } from './logo-files.ts'
import { LogoPage, type LogoPageId } from './logo-page.tsx'

beforeAll(() => loadNamespace('logo'))

const PREFIX = 'data:image/svg+xml;charset=utf-8,'

function svgOf(url: string | null): string {
  expect(url?.startsWith(PREFIX)).toBe(true)
  return decodeURIComponent(url!.slice(PREFIX.length))
}

/** The variants each page shows, and the files offered for download. */
const EXPECTED: Record<LogoPageId, { variants: string[]; files: LogoFile[] }> = {
  preview1: { variants: ['App icon', 'Maskable icon'], files: ['icon', 'icon-maskable'] },
  version1: { variants: ['Mark'], files: ['mark', 'mark-on-dark'] },
  version2: { variants: ['Wordmark'], files: ['wordmark', 'wordmark-on-dark'] },
}

describe('LogoPage', () => {
  it.each(Object.keys(EXPECTED) as LogoPageId[])('%s shows its variants and downloads', (page) => {
    render(<LogoPage page={page} />)
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
    const { variants, files } = EXPECTED[page]
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(variants)
    const links = screen.getAllByRole('link', { name: /^Download SVG/ })
    expect(links.map((link) => link.getAttribute('download'))).toEqual(
      files.map((file) => `courtyard-${file}.svg`),
    )
    // Each download is the very SVG the library produces: a file with a title, not a picture.
    links.forEach((link, i) => {
      const svg = svgOf(link.getAttribute('href'))
      expect(svg).toBe(logoSvg(files[i]!))
      expect(svg).toMatch(/^<svg [^>]*><title>庭院 Courtyard<\/title>/)
    })
  })

  it('shows each variant at every size on a light and a dark background, with alt text', () => {
    render(<LogoPage page="version1" />)
    const card = screen.getByRole('region', { name: 'Mark' })
    const light = within(card).getAllByRole('img', { name: /on a light background$/ })
    const dark = within(card).getAllByRole('img', { name: /on a dark background$/ })
    expect(light.map((img) => img.getAttribute('height'))).toEqual(['16', '32', '64', '128', '256'])
    expect(dark).toHaveLength(5)
    expect(light[0]).toHaveAccessibleName('Mark, 16 px, on a light background')
    // The dark surface shows the variant made for it, the one its download link offers.
    expect(svgOf(dark[0]!.getAttribute('src'))).toBe(logoSvg('mark-on-dark'))
    expect(svgOf(light[0]!.getAttribute('src'))).toBe(logoSvg('mark'))
    expect(
      screen.getByRole('link', {
        name: 'Download SVG for a dark background: Mark (courtyard-mark-on-dark.svg)',
      }),
    ).toHaveAttribute('href', dark[0]!.getAttribute('src'))
  })

  it('a variant that suits both backgrounds offers one file, and the wordmark keeps its width', () => {
    render(<LogoPage page="preview1" />)
    const icon = screen.getByRole('region', { name: 'App icon' })
    expect(within(icon).getAllByRole('link')).toHaveLength(1)
    expect(within(icon).getByRole('link')).toHaveAccessibleName(
      'Download SVG: App icon (courtyard-icon.svg)',
    )
    render(<LogoPage page="version2" />)
    const wordmark = screen.getByRole('region', { name: 'Wordmark' })
    const [first] = within(wordmark).getAllByRole('img')
    expect([first!.getAttribute('width'), first!.getAttribute('height')]).toEqual(['37', '16'])
    expect(within(wordmark).getByText(/convert the text to outlines/)).toBeInTheDocument()
  })
})
