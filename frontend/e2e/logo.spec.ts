import { readFile } from 'node:fs/promises'
import type { Download, Locator, Page, TestInfo } from '@playwright/test'
import enAdmin from '../src/locales/en/admin.json' with { type: 'json' }
import enCommon from '../src/locales/en/common.json' with { type: 'json' }
import enLogo from '../src/locales/en/logo.json' with { type: 'json' }
import zhAdmin from '../src/locales/zh/admin.json' with { type: 'json' }
import zhCommon from '../src/locales/zh/common.json' with { type: 'json' }
import zhLogo from '../src/locales/zh/logo.json' with { type: 'json' }
import { ADMIN, layoutOf, expect, test } from './helpers.ts'

// The logo pages of the admin console (docs/frontend.md, "The mark"): an admin reaches each of
// /admin/logo/{preview1,version1,version2} from the console's navigation, sees the variants at
// their sizes on a light and a dark surface, and downloads the logo as an .svg file. The
// favicon and the manifests' icons are the same file the preview page offers.

const LABELS = {
  en: { admin: enAdmin, common: enCommon, logo: enLogo },
  zh: { admin: zhAdmin, common: zhCommon, logo: zhLogo },
} as const
type Lang = keyof typeof LABELS

const PAGES = [
  {
    path: '/admin/logo/preview1',
    nav: 'logoPreview',
    page: 'preview1',
    file: 'courtyard-icon.svg',
  },
  {
    path: '/admin/logo/version1',
    nav: 'logoVersion1',
    page: 'version1',
    file: 'courtyard-mark.svg',
  },
  {
    path: '/admin/logo/version2',
    nav: 'logoVersion2',
    page: 'version2',
    file: 'courtyard-wordmark.svg',
  },
] as const

async function signInAsAdmin(page: Page, info: TestInfo, lang: Lang) {
  const baseURL = info.project.use.baseURL!
  await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
  const res = await page.request.post(`${baseURL}/api/auth/username/login`, {
    data: ADMIN,
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** Clicks a download link and returns the saved file's name and text. */
async function download(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const event: Promise<Download> = page.waitForEvent('download')
  await link.click()
  const file = await event
  const path = await file.path()
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') }
}

for (const lang of ['en', 'zh'] as const) {
  test(`an admin opens each logo page and downloads the logo as SVG (${lang}) ${layoutOf(lang)}`, async ({
    page,
  }, info) => {
    const L = LABELS[lang]
    await signInAsAdmin(page, info, lang)
    await page.goto('/admin')
    const nav = page.getByRole('navigation', { name: L.admin.nav.label })
    const files: Record<string, string> = {}

    for (const entry of PAGES) {
      // On a phone the console's pages are in the sheet the bar under the header opens (the
      // overview shows them as its list instead). Wait for the page to show one or the other:
      // isVisible() does not wait, and right after a navigation neither is there yet.
      const all = page.getByRole('button', { name: L.common.phoneNav.sections.all })
      await expect(nav.or(all).first()).toBeVisible()
      if (!(await nav.isVisible())) await all.click()
      await nav.getByRole('link', { name: L.admin.nav[entry.nav] }).click()
      await expect(page).toHaveURL(entry.path)
      await expect(
        page.getByRole('heading', { level: 1, name: L.logo.pages[entry.page].title }),
      ).toBeVisible()
      // Every size on a light and on a dark surface, each picture named.
      const images = page.getByRole('main').locator('img')
      await expect(images.first()).toBeVisible()
      for (const alt of await images.evaluateAll((all) => all.map((i) => i.getAttribute('alt'))))
        expect(alt?.length).toBeGreaterThan(0)
      for (const background of ['light', 'dark'] as const) {
        const word = L.logo.backgrounds[background]
        expect(await images.and(page.locator(`[alt*="${word}"]`)).count()).toBeGreaterThanOrEqual(4)
      }

      const link = page.locator(`a[download="${entry.file}"]`)
      await expect(link).toHaveAccessibleName(new RegExp(entry.file.replace('.', '\\.')))
      const saved = await download(page, link)
      expect(saved.name).toBe(entry.file)
      expect(saved.name.endsWith('.svg')).toBe(true)
      expect(saved.text.startsWith('<svg')).toBe(true)
      expect(saved.text).toContain('<title>庭院 Courtyard</title>')
      files[entry.file] = saved.text
    }
    expect(files['courtyard-wordmark.svg']).toContain('>庭院</text>')

    // The favicon and the manifest's icon are the app icon the preview page offers.
    const icon = page.locator('link[rel="icon"]')
    await expect(icon).toHaveAttribute('href', '/favicon.svg')
    await expect(icon).toHaveAttribute('type', 'image/svg+xml')
    const favicon = await page.request.get('/favicon.svg')
    expect(await favicon.text()).toBe(files['courtyard-icon.svg'])
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
    const manifest = (await (await page.request.get(manifestHref!)).json()) as {
      icons: { src: string; type: string }[]
    }
    expect(manifest.icons).toContainEqual(
      expect.objectContaining({ src: '/favicon.svg', type: 'image/svg+xml' }),
    )
  })
}

test('the logo pages are for admins only', async ({ page }) => {
  await page.goto('/admin/logo/version2')
  await expect(page.getByText('Error 403')).toBeVisible()
  await expect(page.locator('a[download]')).toHaveCount(0)
})
