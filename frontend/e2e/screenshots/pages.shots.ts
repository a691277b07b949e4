// Not a test: `just screenshots` runs this (playwright.screenshots.config.ts) to write PNGs of
// the main pages to e2e/artifacts/ — every page in zh and en, light and dark, on a desktop and a
// phone — for a person to look at. Nothing here compares or asserts beyond waiting for the page;
// the checks live in the e2e suite (e2e/*.spec.ts, e2e/checks.ts).
import { expect, test, type Page } from '@playwright/test'
import { settle } from '../checks.ts'
import { groupContentPages, groupWithContent, signUpGroupOwner } from '../group-content-data.ts'
import { groupForPages, signUp } from '../groups-data.ts'
import { ADMIN, FAKES } from '../helpers.ts'
import { plazaWithPosts, postByApi, signUpPoster } from '../plaza-data.ts'

const LANGS = ['zh', 'en'] as const
const MODES = ['light', 'dark'] as const

/** The pages to capture, signed in as the administrator unless `signedOut`. */
const PAGES: ReadonlyArray<{ name: string; path: string; signedOut?: boolean }> = [
  { name: 'home', path: '/', signedOut: true },
  { name: 'home-signed-in', path: '/' },
  { name: 'settings-account', path: '/settings/account' },
  { name: 'settings-security', path: '/settings/security' },
  { name: 'settings-appearance', path: '/settings/appearance' },
  { name: 'settings-menu', path: '/settings/menu' },
  { name: 'profile-system-basic', path: '/profile/system/basic' },
  { name: 'profile', path: '/profile' },
  { name: 'admin', path: '/admin' },
  { name: 'admin-districts', path: '/admin/districts' },
  { name: 'admin-gallery', path: '/admin/gallery' },
  { name: 'admin-logs', path: '/admin/logs' },
  { name: 'admin-logo-preview1', path: '/admin/logo/preview1' },
  { name: 'admin-logo-version1', path: '/admin/logo/version1' },
  { name: 'admin-logo-version2', path: '/admin/logo/version2' },
  { name: 'developers', path: '/developers' },
  { name: 'developers-api', path: '/developers/api/get-api-health' },
  { name: 'developers-pat', path: '/developers/pat' },
  { name: 'ui-kit', path: '/developers/theme' },
]

async function prepare(page: Page, baseURL: string, lang: string, mode: string, signIn: boolean) {
  await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
  await page.addInitScript((m) => localStorage.setItem('preference_dark', m), mode)
  if (signIn) {
    const res = await page.request.post(`${baseURL}/api/auth/username/login`, {
      data: ADMIN,
      headers: { Origin: baseURL },
    })
    expect(res.ok()).toBe(true)
  }
}

async function show(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
}

for (const lang of LANGS) {
  for (const mode of MODES) {
    test(`${lang} ${mode}`, async ({ page, request }, info) => {
      test.setTimeout(120_000)
      const baseURL = info.project.use.baseURL!
      const file = (name: string) =>
        `e2e/artifacts/${name}-${lang}-${mode}-${info.project.name}.png`

      await prepare(page, baseURL, lang, mode, false)
      await show(page, '/')
      await settle(page)
      await page.screenshot({ path: file('home'), fullPage: true })
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^(Log in|登录)$/ })
        .click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await settle(page)
      await page.screenshot({ path: file('login-dialog') })

      await prepare(page, baseURL, lang, mode, true)
      for (const { name, path, signedOut } of PAGES) {
        if (signedOut) continue
        await show(page, path)
        await settle(page)
        await page.screenshot({ path: file(name), fullPage: true })
      }

      // The assistant with an answer from the fake model (e2e/fakes.mjs).
      expect((await request.get(`${FAKES}/__fake/llm`, { params: { mode: 'answer' } })).ok()).toBe(
        true,
      )
      await show(page, '/')
      await page.getByRole('banner').getByRole('button', { name: /AI/ }).click()
      const dialog = page.getByRole('dialog')
      await dialog
        .getByRole('textbox')
        .first()
        .fill(lang === 'zh' ? '介绍一下庭院' : 'Tell me about Courtyard')
      await dialog.getByRole('textbox').first().press('Enter')
      await expect(dialog.locator('pre code')).toBeVisible()
      await settle(page)
      await page.screenshot({ path: file('assistant') })
    })
  }
}

// A group's articles, editor, article page and gallery (with the lightbox open), as the owner of
// a group made for the purpose.
for (const lang of LANGS) {
  for (const mode of MODES) {
    test(`group content ${lang} ${mode}`, async ({ page }, info) => {
      test.setTimeout(120_000)
      const baseURL = info.project.use.baseURL!
      const file = (name: string) =>
        `e2e/artifacts/${name}-${lang}-${mode}-${info.project.name}.png`
      await prepare(page, baseURL, lang, mode, false)
      await signUpGroupOwner(page.request, baseURL)
      const pages = groupContentPages(await groupWithContent(page.request, baseURL, lang))

      for (const [name, path] of [
        ['group-articles', pages.articles],
        ['group-article', pages.display],
        ['group-editor', pages.editor],
        ['group-gallery', pages.gallery],
      ] as const) {
        await show(page, path)
        await settle(page)
        await page.screenshot({ path: file(name), fullPage: true })
      }

      await page.getByRole('main').getByRole('list').getByRole('button').nth(1).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await settle(page)
      await page.screenshot({ path: file('group-lightbox') })
    })
  }
}

// A group's own pages (home, join, members, settings) as its owner, the list with the group in it,
// the create dialog, and the group as a stranger sees it (members only, the request form).
for (const lang of LANGS) {
  for (const mode of MODES) {
    test(`groups ${lang} ${mode}`, async ({ page }, info) => {
      test.setTimeout(120_000)
      const baseURL = info.project.use.baseURL!
      const file = (name: string) =>
        `e2e/artifacts/${name}-${lang}-${mode}-${info.project.name}.png`
      await prepare(page, baseURL, lang, mode, false)
      await signUp(page.request, baseURL, 'shot', lang === 'zh' ? '林小溪' : 'Lily')
      const pages = await groupForPages(page.request, baseURL, lang)

      for (const [name, path] of [
        ['groups', pages.list],
        ['group-home', pages.home],
        ['group-members', pages.members],
        ['group-settings', pages.settings],
      ] as const) {
        await show(page, path)
        await settle(page)
        await page.screenshot({ path: file(name), fullPage: true })
      }
      await show(page, pages.list)
      await page.getByRole('main').getByRole('button').first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await settle(page)
      await page.screenshot({ path: file('group-create') })

      await page.context().clearCookies()
      await prepare(page, baseURL, lang, mode, false)
      await signUp(page.request, baseURL, 'shots')
      for (const [name, path] of [
        ['group-outside', pages.home],
        ['group-join', pages.join],
      ] as const) {
        await show(page, path)
        await settle(page)
        await page.screenshot({ path: file(name), fullPage: true })
      }
    })
  }
}

// The weather map (readings from the fake forecast API) and one province's details.
for (const lang of LANGS) {
  for (const mode of MODES) {
    test(`weather map ${lang} ${mode}`, async ({ page }, info) => {
      const baseURL = info.project.use.baseURL!
      const file = (name: string) =>
        `e2e/artifacts/${name}-${lang}-${mode}-${info.project.name}.png`
      await prepare(page, baseURL, lang, mode, false)
      await show(page, '/plaza/weather/map')
      await expect(page.locator('[data-province]').first()).toBeVisible()
      await settle(page)
      await page.screenshot({ path: file('weather-map'), fullPage: true })
      await page.locator('[data-province="510000"]').click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await settle(page)
      await page.screenshot({ path: file('weather-province') })
    })
  }
}

// The plaza: the feed with posts of one, four and seven images, signed out (the login prompt)
// and signed in (the composer), a post's comments open, and the lightbox.
for (const lang of LANGS) {
  for (const mode of MODES) {
    test(`plaza ${lang} ${mode}`, async ({ page }, info) => {
      test.setTimeout(120_000)
      const baseURL = info.project.use.baseURL!
      const file = (name: string) =>
        `e2e/artifacts/${name}-${lang}-${mode}-${info.project.name}.png`
      await prepare(page, baseURL, lang, mode, false)
      await show(page, '/plaza')
      await settle(page)
      await page.screenshot({ path: file('plaza-signed-out'), fullPage: true })

      await signUpPoster(page.request, baseURL, lang === 'zh' ? '林小溪' : 'Lily', 'shot')
      await plazaWithPosts(page.request, baseURL, lang)
      await show(page, '/plaza')
      const feed = page.getByRole('feed')
      await expect(feed.getByRole('article').first()).toBeVisible()
      await feed.getByRole('article').first().locator('footer button').nth(1).click()
      await expect(feed.getByRole('region').first()).toBeVisible()
      await settle(page)
      await page.screenshot({ path: file('plaza'), fullPage: true })

      await feed
        .getByRole('article')
        .nth(1)
        .getByRole('listitem')
        .first()
        .getByRole('button')
        .click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await settle(page)
      await page.screenshot({ path: file('plaza-lightbox') })
    })
  }
}

// Search: its hint, then a post and an article found with their words marked, as a member of a
// group made for the purpose.
for (const lang of LANGS) {
  for (const mode of MODES) {
    test(`search ${lang} ${mode}`, async ({ page }, info) => {
      test.setTimeout(120_000)
      const baseURL = info.project.use.baseURL!
      const file = (name: string) =>
        `e2e/artifacts/${name}-${lang}-${mode}-${info.project.name}.png`
      const zh = lang === 'zh'
      await prepare(page, baseURL, lang, mode, false)
      await signUpGroupOwner(page.request, baseURL)
      await groupWithContent(page.request, baseURL, lang)
      await postByApi(page.request, baseURL, {
        body: zh
          ? '周末在圖書館读完了三月书单上的最后一本书。'
          : 'Finished the last book of the March list at the library this weekend.',
        district: '510000',
      })
      const q = zh ? '书单' : 'march'
      // What was just written is searchable within about a second.
      await expect
        .poll(async () => {
          const res = await page.request.get(`${baseURL}/api/search/articles`, { params: { q } })
          return ((await res.json()) as { hits: unknown[] }).hits.length
        })
        .toBeGreaterThan(0)

      await show(page, '/search')
      await settle(page)
      await page.screenshot({ path: file('search'), fullPage: true })
      for (const tab of ['posts', 'articles'] as const) {
        await show(page, `/search?q=${encodeURIComponent(q)}&tab=${tab}`)
        await expect(page.getByRole('main').locator('mark').first()).toBeVisible()
        await settle(page)
        await page.screenshot({ path: file(`search-${tab}`), fullPage: true })
      }
    })
  }
}
