import type { Browser, Page, TestInfo } from '@playwright/test'
import enAccount from '../src/locales/en/account.json' with { type: 'json' }
import enBlocks from '../src/locales/en/blocks.json' with { type: 'json' }
import enProfiles from '../src/locales/en/profiles.json' with { type: 'json' }
import zhAccount from '../src/locales/zh/account.json' with { type: 'json' }
import zhBlocks from '../src/locales/zh/blocks.json' with { type: 'json' }
import zhProfiles from '../src/locales/zh/profiles.json' with { type: 'json' }
import { call } from './api.ts'
import { expect, expectAccessible, layoutOf, test } from './helpers.ts'
import { signUp } from './groups-data.ts'

// Blocking (docs/moderation.md, "Blocking and muting"), seen from both sides: Ann blocks Bob
// from his profile (after confirming); neither then sees the other's plaza posts, and Bob's view
// of Ann's profile says why it is empty; Ann unblocks him from Settings → Blocked and muted and
// everything shows again. In English on a desktop; in Chinese on a 360 px phone, where Ann
// reaches the list through the settings menu instead of the sidebar.

const LANGS = {
  en: {
    account: enAccount,
    blocks: enBlocks,
    profiles: enProfiles,
    ann: 'Ann',
    bob: 'Bob',
    writes: (name: string, stamp: string) => `${name} writes ${stamp}`,
  },
  zh: {
    account: zhAccount,
    blocks: zhBlocks,
    profiles: zhProfiles,
    ann: '小安',
    bob: '小博',
    writes: (name: string, stamp: string) => `${name}写道 ${stamp}`,
  },
} as const

/** Someone else's browser, with this project's viewport and device, in `lang`. */
async function otherContext(browser: Browser, info: TestInfo, lang: keyof typeof LANGS) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
  })
  await context.addCookies([{ name: 'preference_language', value: lang, url: baseURL! }])
  return context
}

const fill = (text: string, name: string) => text.replace('{{name}}', name)

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ])
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth!)
}

for (const lang of ['en', 'zh'] as const) {
  test(`a block hides both ways until it is undone (${lang}) ${layoutOf(lang)}`, async ({
    page,
    browser,
  }, info) => {
    // 11–18 s alone; about twice that while the other shard runs on the same two cores.
    test.setTimeout(60_000)
    const L = LANGS[lang]
    const phone = lang === 'zh'
    const baseURL = info.project.use.baseURL!
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
    const annName = `${L.ann} ${stamp}`
    const bobName = `${L.bob} ${stamp}`
    const annWrites = L.writes(L.ann, stamp)
    const bobWrites = L.writes(L.bob, stamp)
    const bobContext = await otherContext(browser, info, lang)
    try {
      const bobPage = await bobContext.newPage()
      const bob = await signUp(bobPage.request, baseURL, 'bob', bobName)
      await call(bobPage.request, baseURL, 'POST', '/api/plaza/posts', { body: bobWrites })
      await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
      if (phone) await page.setViewportSize({ width: 360, height: 780 })
      const ann = await signUp(page.request, baseURL, 'ann', annName)
      await call(page.request, baseURL, 'POST', '/api/plaza/posts', { body: annWrites })

      // Ann blocks Bob from his profile, after confirming.
      await page.goto(`/profile/${bob.id}`)
      await expect(page.getByRole('heading', { level: 1, name: bobName })).toBeVisible()
      const block = page.getByRole('button', { name: L.profiles.block.block, exact: true })
      if (phone) {
        await expectNoSidewaysScroll(page)
        const box = await block.boundingBox()
        expect(box?.height, 'the Block button is a 44 px target').toBeGreaterThanOrEqual(44)
      }
      await block.click()
      const dialog = page.getByRole('alertdialog', {
        name: fill(L.profiles.block.confirmTitle, bobName),
      })
      await dialog.getByRole('button', { name: L.profiles.block.block, exact: true }).click()
      await expect(page.getByText(fill(L.profiles.block.hidden, bobName))).toBeVisible()
      await expect(page.getByRole('button', { name: L.profiles.block.unblock })).toBeVisible()
      if (phone) await expectNoSidewaysScroll(page)
      await expectAccessible(page, `/profile/$userId, blocked (${lang})`)

      // Neither sees the other's posts.
      await page.goto('/plaza')
      await expect(page.getByText(annWrites)).toBeVisible()
      await expect(page.getByText(bobWrites)).toHaveCount(0)
      await bobPage.goto('/plaza')
      await expect(bobPage.getByText(bobWrites)).toBeVisible()
      await expect(bobPage.getByText(annWrites)).toHaveCount(0)
      // Bob, on Ann's profile: who she is, and why nothing else shows.
      await bobPage.goto(`/profile/${ann.id}`)
      await expect(bobPage.getByRole('heading', { level: 1, name: annName })).toBeVisible()
      await expect(bobPage.getByText(fill(L.profiles.block.hidden, annName))).toBeVisible()

      // Ann undoes it from her settings: the sidebar on a desktop, the menu on a phone.
      await page.goto('/settings')
      const sections = page.getByRole('navigation', {
        name: phone ? L.account.nav.menu : L.account.nav.label,
        exact: true,
      })
      await sections.getByRole('link', { name: new RegExp(`^${L.account.nav.blocks}`) }).click()
      await expect(page).toHaveURL(/\/settings\/blocks$/)
      const list = page.getByRole('list', { name: L.blocks.blocked.list })
      await expect(list.getByRole('link', { name: bobName })).toBeVisible()
      if (phone) await expectNoSidewaysScroll(page)
      await expectAccessible(page, `/settings/blocks (${lang})`)
      await list.getByRole('button', { name: fill(L.blocks.blocked.undoLabel, bobName) }).click()
      await expect(page.getByText(fill(L.blocks.blocked.undone, bobName))).toBeVisible()
      await expect(page.getByText(L.blocks.blocked.empty)).toBeVisible()
      await page.goto('/plaza')
      await expect(page.getByText(bobWrites)).toBeVisible()
      await bobPage.goto('/plaza')
      await expect(bobPage.getByText(annWrites)).toBeVisible()
    } finally {
      await bobContext.close()
    }
  })
}
