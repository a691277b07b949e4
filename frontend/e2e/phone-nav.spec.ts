import { request as playwrightRequest, type Page } from '@playwright/test'
import enAuth from '../src/locales/en/auth.json' with { type: 'json' }
import enCommon from '../src/locales/en/common.json' with { type: 'json' }
import enGroups from '../src/locales/en/groups.json' with { type: 'json' }
import enPlaza from '../src/locales/en/plaza.json' with { type: 'json' }
import zhAuth from '../src/locales/zh/auth.json' with { type: 'json' }
import zhCommon from '../src/locales/zh/common.json' with { type: 'json' }
import zhGroups from '../src/locales/zh/groups.json' with { type: 'json' }
import zhPlaza from '../src/locales/zh/plaza.json' with { type: 'json' }
import { call } from './api.ts'
import { signUp } from './groups-data.ts'
import { ADMIN, accountMenu, expect, test, uniqueName } from './helpers.ts'

// Phone navigation (docs/frontend.md, "Phone navigation"): on the phone layout (Pixel 7, 412 px)
// the tab bar at the bottom, the account menu and the sections sheet of the admin console and
// the developer portal reach the pages by tapping alone; on desktop there is no tab bar.

const LABELS = {
  en: { common: enCommon, auth: enAuth, groups: enGroups, plaza: enPlaza },
  zh: { common: zhCommon, auth: zhAuth, groups: zhGroups, plaza: zhPlaza },
} as const

function adminMenu(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /Account menu of/ })
}

function tabBar(page: Page, lang: 'zh' | 'en' = 'en') {
  return page.getByRole('navigation', { name: LABELS[lang].common.phoneNav.label })
}

/** A public group with a published article, made in a browser of someone else's. */
async function publicGroupWithArticle(baseURL: string, lang: 'zh' | 'en') {
  const owner = await playwrightRequest.newContext()
  try {
    await signUp(owner, baseURL, 'navowner')
    const name = uniqueName(lang === 'zh' ? '手机导航小组' : 'Phone nav club ')
    const { group } = await call<{ group: { id: string } }>(owner, baseURL, 'POST', '/api/groups', {
      name,
      description: lang === 'zh' ? '用手指就能找到的小组。' : 'A group found by tapping.',
      visibility: 'public',
      joinPolicy: 'open',
    })
    const title = lang === 'zh' ? '点一点就到' : 'Reached by tapping'
    const { article } = await call<{ article: { id: string } }>(
      owner,
      baseURL,
      'POST',
      `/api/groups/${group.id}/articles`,
      { title, body: lang === 'zh' ? '正文。' : 'The body.' },
    )
    await call(owner, baseURL, 'POST', `/api/groups/${group.id}/articles/${article.id}/publish`)
    return { id: group.id, name, title, articleId: article.id }
  } finally {
    await owner.dispose()
  }
}

for (const lang of ['en', 'zh'] as const) {
  test(`a visitor taps from home to the plaza, a group, its article and the login dialog (${lang}) @phone-only`, async ({
    page,
    baseURL,
  }) => {
    const L = LABELS[lang]
    const group = await publicGroupWithArticle(baseURL!, lang)
    await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL! }])
    await page.goto('/')
    const tabs = tabBar(page, lang)
    await expect(tabs).toBeVisible()
    await expect(tabs.getByRole('link', { name: L.common.phoneNav.home })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // The header keeps its room for its buttons: no links there on a phone.
    await expect(page.getByRole('navigation', { name: L.common.nav.label })).toBeHidden()

    await tabs.getByRole('link', { name: L.common.phoneNav.plaza }).click()
    await expect(page).toHaveURL(/\/plaza$/)
    await expect(page.getByRole('heading', { level: 1, name: L.plaza.title })).toBeVisible()
    await expect(tabs.getByRole('link', { name: L.common.phoneNav.plaza })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(tabs.getByRole('link', { name: L.common.phoneNav.home })).not.toHaveAttribute(
      'aria-current',
    )

    await tabs.getByRole('link', { name: L.common.phoneNav.groups }).click()
    await expect(page.getByRole('heading', { level: 1, name: L.groups.list.title })).toBeVisible()
    await page.getByRole('link', { name: group.name }).click()
    await expect(page).toHaveURL(`/group/${group.id}`)
    await expect(tabs.getByRole('link', { name: L.common.phoneNav.groups })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await page.getByRole('link', { name: group.title }).click()
    await expect(page).toHaveURL(`/group/${group.id}/article/${group.articleId}/display`)
    await expect(page.getByRole('heading', { name: group.title })).toBeVisible()

    // Me, signed out: the login dialog, over the same page.
    const me = tabs.getByRole('button', { name: L.common.phoneNav.me, exact: true })
    await me.click()
    const dialog = page.getByRole('dialog', { name: L.auth.login.title })
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL(`/group/${group.id}/article/${group.articleId}/display`)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })
}

test('a member taps to their profile, their settings and their groups @phone-only', async ({
  page,
  baseURL,
}) => {
  const { username } = await signUp(page.request, baseURL!, 'navmember')
  const name = uniqueName('My phone club ')
  await call(page.request, baseURL!, 'POST', '/api/groups', {
    name,
    description: 'Mine.',
    visibility: 'private',
    joinPolicy: 'approval',
  })
  await page.goto('/')
  const tabs = tabBar(page)

  // Me: the profile.
  await tabs.getByRole('link', { name: 'Me', exact: true }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText(`@${username}`)).toBeVisible()
  await expect(tabs.getByRole('link', { name: 'Me', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // The settings: from the profile, and any section from the account menu.
  await page.getByRole('link', { name: 'Edit profile' }).click()
  await expect(page).toHaveURL(/\/settings\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
  await expect(tabs.getByRole('link', { name: 'Me', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await accountMenu(page, username).click()
  await page.getByRole('menuitem', { name: 'Appearance' }).click()
  await expect(page).toHaveURL(/\/settings\/appearance$/)

  // Groups: their own group among them.
  await tabs.getByRole('link', { name: 'Groups' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'My groups' })).toBeVisible()
  await page.getByRole('link', { name }).first().click()
  await expect(page).toHaveURL(/\/group\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})

test('an admin reaches admin and developer pages through the sections sheet @phone-only', async ({
  page,
  baseURL,
}) => {
  await call(page.request, baseURL!, 'POST', '/api/auth/username/login', ADMIN)
  await page.goto('/')

  // The account menu leads to the console, whose overview lists every page of it on a phone.
  await adminMenu(page).click()
  await page.getByRole('menuitem', { name: 'Admin console' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  const consoleNav = page.getByRole('navigation', { name: 'Admin console' })
  await expect(consoleNav.getByRole('link')).toHaveCount(11)
  await expect(consoleNav.getByRole('link', { name: 'Reports' })).toBeVisible()
  await consoleNav.getByRole('link', { name: 'Audit log' }).click()
  await expect(page).toHaveURL(/\/admin\/logs$/)

  // Elsewhere, the bar under the header names the page and opens the sheet of all of them.
  await page.getByRole('button', { name: /Admin console\s*Audit log\s*All pages/ }).click()
  const sheet = page.getByRole('dialog', { name: 'Admin console' })
  await expect(sheet).toBeVisible()
  const sheetNav = sheet.getByRole('navigation', { name: 'Admin console' })
  await expect(sheetNav.getByRole('link')).toHaveCount(11)
  await expect(sheetNav.getByRole('link', { name: 'Audit log' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await sheetNav.getByRole('link', { name: 'Districts' }).click()
  await expect(page).toHaveURL(/\/admin\/districts$/)
  await expect(sheet).toBeHidden()
  await expect(page.getByRole('button', { name: /Districts\s*All pages/ })).toBeVisible()
  // Back returns to the page the sheet was opened on.
  await page.goBack()
  await expect(page).toHaveURL(/\/admin\/logs$/)
  await expect(sheet).toBeHidden()

  // The developer portal, from the account menu; its pages through the same sheet.
  await adminMenu(page).click()
  await page.getByRole('menuitem', { name: 'Developers' }).click()
  await expect(page).toHaveURL(/\/developers$/)
  await page.getByRole('button', { name: /Developer portal\s*Overview\s*All pages/ }).click()
  const portal = page.getByRole('dialog', { name: 'Developer portal' })
  await portal.getByRole('link', { name: 'Tools' }).click()
  await expect(page).toHaveURL(/\/developers\/tools$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible()
  await expect(portal).toBeHidden()
})

test('a visitor finds the developer portal in the footer @phone-only', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Developers' }).click()
  await expect(page).toHaveURL(/\/developers$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Courtyard API' })).toBeVisible()
})

test('the page ends above the tab bar, which steps aside for the keyboard @phone-only', async ({
  page,
}) => {
  await page.goto('/developers/tools/timestamp-converter')
  const bar = await tabBar(page).boundingBox()
  const viewport = page.viewportSize()!
  expect(bar).not.toBeNull()
  expect(bar!.y + bar!.height).toBeCloseTo(viewport.height, 0)
  // Every tab is a big enough target.
  for (const tab of await tabBar(page).getByRole('listitem').all()) {
    const box = (await tab.locator('a, button').boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(44)
    expect(box.height).toBeGreaterThanOrEqual(44)
  }
  // Scrolled to the end, the footer sits just above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const footer = (await page.getByRole('contentinfo').boundingBox())!
  expect(footer.y + footer.height).toBeLessThanOrEqual(bar!.y + 1)
  // A text field's keyboard: the bar steps aside.
  await page.getByRole('main').getByRole('textbox').first().focus()
  await expect(tabBar(page)).toBeHidden()
})

test('on desktop the header has the links and there is no tab bar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/developers/tools')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Plaza' })).toBeVisible()
  await expect(page.locator('nav[aria-label="Tab bar"]')).toBeHidden()
  // The portal keeps its side navigation; the phone's bar and sheet are not there.
  await expect(
    page.getByRole('navigation', { name: 'Developer portal' }).getByRole('link', { name: 'Tools' }),
  ).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('button', { name: /All pages/ })).toBeHidden()
  // Nothing is kept free for a bar that is not there.
  const padding = await page
    .locator('#main')
    .evaluate((main) => getComputedStyle(main.parentElement!).paddingBottom)
  expect(padding).toBe('0px')
})
