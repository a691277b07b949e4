import type { Page } from '@playwright/test'
import enAuth from '../src/locales/en/auth.json' with { type: 'json' }
import enCommon from '../src/locales/en/common.json' with { type: 'json' }
import enDevelopers from '../src/locales/en/developers.json' with { type: 'json' }
import enGroupContent from '../src/locales/en/group-content.json' with { type: 'json' }
import enGroups from '../src/locales/en/groups.json' with { type: 'json' }
import zhAuth from '../src/locales/zh/auth.json' with { type: 'json' }
import zhCommon from '../src/locales/zh/common.json' with { type: 'json' }
import zhDevelopers from '../src/locales/zh/developers.json' with { type: 'json' }
import zhGroupContent from '../src/locales/zh/group-content.json' with { type: 'json' }
import zhGroups from '../src/locales/zh/groups.json' with { type: 'json' }
import { groupContentPages, groupWithContent, signUpGroupOwner } from './group-content-data.ts'
import { groupForPages, signUp } from './groups-data.ts'
import { ADMIN, expect, expectAccessible, test } from './helpers.ts'
import { fillsParams, hasParams, routerPaths } from './routes.ts'

// Every route of the app (src/routes), and the dialogs and menus over them, checked with axe-core
// in zh and en, light and dark: any serious or critical finding fails (e2e/checks.ts). The
// routes are visited signed in as the administrator, so every page shows its real content; the
// signed-out states (the login dialog, the pages that ask to log in) are checked separately.

const LANGS = ['zh', 'en'] as const
const MODES = ['light', 'dark'] as const
type Lang = (typeof LANGS)[number]
type Mode = (typeof MODES)[number]

const LABELS = {
  zh: {
    common: zhCommon,
    auth: zhAuth,
    developers: zhDevelopers,
    groupContent: zhGroupContent,
    groups: zhGroups,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    developers: enDevelopers,
    groupContent: enGroupContent,
    groups: enGroups,
  },
} as const

/**
 * A concrete path for each route with parameters that the crawl below visits. The other routes
 * come from the router itself (`routerPaths`), so a new page is crawled without a line here.
 */
const EXAMPLES: Record<string, string> = {
  '/developers/api/$id': '/developers/api/get-api-health',
  '/developers/theme/examples/$component/$demo': '/developers/theme/examples/button/variants',
}

/** Routes the crawl leaves out, each with where it is checked instead (or why not at all). */
const CHECKED_ELSEWHERE: Record<string, string> = {
  '/settings':
    'only redirects: to /settings/account on desktop, /settings/menu on a phone, both crawled',
  '/developers/theme/$name': 'every component, read from the theme index in the crawl below',
  '/plaza/post/$postId':
    'a post made for the purpose, with its comments, and a missing post, in e2e/plaza-post.spec.ts',
  '/profile/$userId':
    "someone else's profile, with the admin's Disable button, in e2e/profiles.spec.ts (the " +
    "crawl visits '/profile', the admin's own)",
  '/group/$groupId':
    'as the owner of a group made for the purpose, a stranger and a visitor, below',
  '/group/$groupId/join': 'as the owner, a stranger and a visitor, below',
  '/group/$groupId/members': 'as the owner (every tab, a member menu), below',
  '/group/$groupId/settings': 'as the owner and a stranger, below',
  '/group/$groupId/reports': "as the group's owner with a case, in e2e/reports.spec.ts",
  '/group/$groupId/articles': 'on a group made for the purpose, by its owner, below',
  '/group/$groupId/gallery': 'on a group made for the purpose, by its owner, below',
  '/group/$groupId/article/$articleId/display': 'on a group made for the purpose, below',
  '/group/$groupId/article/$articleId/edit': 'on a group made for the purpose, below',
}

/** Pages no route names. */
const EXTRA = ['/no/such/page']

/** Every route of src/routes the crawl visits, with a concrete value for each parameter. */
const ROUTES = [
  ...routerPaths()
    .filter((path) => !Object.hasOwn(CHECKED_ELSEWHERE, path))
    .map((path) => EXAMPLES[path] ?? path),
  ...EXTRA,
]

test('the crawl knows every route of the router: an example, or where it is checked', () => {
  const paths = routerPaths()
  expect(paths).toEqual(expect.arrayContaining(['/', '/plaza', '/developers/api/$id']))
  const unknown = paths.filter(
    (path) =>
      hasParams(path) && !Object.hasOwn(EXAMPLES, path) && !Object.hasOwn(CHECKED_ELSEWHERE, path),
  )
  expect(
    unknown,
    'a route with parameters needs a value in EXAMPLES, or a reason in CHECKED_ELSEWHERE',
  ).toEqual([])
  const gone = [...Object.keys(EXAMPLES), ...Object.keys(CHECKED_ELSEWHERE)].filter(
    (path) => !paths.includes(path),
  )
  expect(gone, 'EXAMPLES and CHECKED_ELSEWHERE name routes the router no longer has').toEqual([])
  for (const [route, example] of Object.entries(EXAMPLES)) {
    expect(fillsParams(route, example), `${example} is not a path of ${route}`).toBe(true)
  }
  expect(ROUTES.filter(hasParams), 'every visited path is concrete').toEqual([])
})

/** Sets the language and colour mode the way a returning visitor has them. */
async function usePreferences(page: Page, baseURL: string, lang: Lang, mode: Mode) {
  await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
  await page.addInitScript((m) => localStorage.setItem('preference_dark', m), mode)
}

/**
 * Opens a route and waits until it has drawn its content. The first visit of a test loads the
 * app; later ones move inside the running app as a link does (a history entry and the
 * `popstate` the router listens to), so a crawl of every route pays for one start of the app,
 * not one per route — and checks the pages as people reach them, by navigating.
 */
async function visit(page: Page, path: string, lang: Lang, mode: Mode) {
  const running = page.url().startsWith('http')
  if (running) {
    await page.evaluate((to) => {
      const state = window.history.state as { __TSR_index?: number } | null
      const index = (state?.__TSR_index ?? 0) + 1
      window.history.pushState({ __TSR_index: index, key: `a11y-${index}` }, '', to)
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
    }, path)
    await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0])
  } else {
    await page.goto(path)
  }
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))
  if (mode === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
}

/**
 * Two variants: zh in light mode on the phone layout (tests tagged `@phone @phone-only`, which
 * the desktop project leaves out) and en in dark mode on desktop. So each language, each colour
 * mode and each layout is checked on every route. axe's findings depend on the colours and the
 * layout, not on the language's words (contrast is computed from the CSS colours and the text's
 * size and weight), so checking each mode in both languages again is not worth its time: until
 * session 20 the four language × mode pairs were crawled, over a third of the end-to-end suite's
 * time, and with the keyboard spec added `just test` neared 30 minutes on two cores.
 */
const VARIANTS = [
  { lang: 'zh', mode: 'light', tag: ' @phone @phone-only' },
  { lang: 'en', mode: 'dark', tag: '' },
] as const satisfies readonly { lang: Lang; mode: Mode; tag: string }[]

for (const { lang, mode, tag } of VARIANTS) {
  const L = LABELS[lang]

  test(`every route signed in as an admin, ${lang} ${mode}${tag} @slow`, async ({ page }, info) => {
    test.setTimeout(240_000)
    const baseURL = info.project.use.baseURL!
    await usePreferences(page, baseURL, lang, mode)
    const res = await page.request.post(`${baseURL}/api/auth/username/login`, {
      data: ADMIN,
      headers: { Origin: baseURL },
    })
    expect(res.status(), await res.text()).toBe(200)

    await visit(page, '/developers/theme', lang, mode)
    const components = await page
      .getByRole('main')
      .locator('a[href^="/developers/theme/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))])
    expect(components.length).toBeGreaterThan(5)

    for (const path of [...ROUTES, ...components]) {
      await test.step(path, async () => {
        await visit(page, path, lang, mode)
        await expectAccessible(page, `${path} (${lang}, ${mode})`)
      })
    }

    await test.step('the account menu, open', async () => {
      await visit(page, '/', lang, mode)
      const name = L.common.account.menu.replace('{{name}}', ADMIN.username)
      await page.getByRole('button', { name }).click()
      await expect(page.getByRole('menu')).toBeVisible()
      await expectAccessible(page, `account menu (${lang}, ${mode})`)
      await page.keyboard.press('Escape')
    })

    await test.step('the AI assistant, open', async () => {
      await page.getByRole('banner').getByRole('button', { name: L.common.assistant.open }).click()
      const dialog = page.getByRole('dialog', { name: L.common.assistant.open })
      await expect(dialog).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expectAccessible(page, `AI assistant (${lang}, ${mode})`)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    })

    await test.step('the new-token dialog, open', async () => {
      await visit(page, '/developers/pat', lang, mode)
      await page.getByRole('button', { name: L.developers.tokens.new }).first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectAccessible(page, `new-token dialog (${lang}, ${mode})`)
    })
  })

  test(`a group's articles, editor and gallery, with the lightbox and the new-article dialog, ${lang} ${mode}${tag}`, async ({
    page,
  }, info) => {
    test.setTimeout(120_000)
    const baseURL = info.project.use.baseURL!
    await usePreferences(page, baseURL, lang, mode)
    // The group's owner sees everything: drafts, the editor, upload and delete.
    await signUpGroupOwner(page.request, baseURL)
    const pages = groupContentPages(await groupWithContent(page.request, baseURL, lang))

    for (const path of Object.values(pages)) {
      await test.step(path, async () => {
        await visit(page, path, lang, mode)
        await expectAccessible(page, `${path} (${lang}, ${mode})`)
      })
    }

    await test.step('the lightbox, open', async () => {
      await visit(page, pages.gallery, lang, mode)
      await page.getByRole('main').getByRole('list').getByRole('button').first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectAccessible(page, `lightbox (${lang}, ${mode})`)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toBeHidden()
    })

    await test.step('the new-article dialog, open', async () => {
      await visit(page, pages.articles, lang, mode)
      await page
        .getByRole('main')
        .getByRole('button', { name: L.groupContent.articles.new })
        .click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectAccessible(page, `new-article dialog (${lang}, ${mode})`)
    })
  })

  test(`a group's home, join, members and settings; its dialogs; seen from outside too, ${lang} ${mode}${tag}`, async ({
    page,
  }, info) => {
    test.setTimeout(180_000)
    const baseURL = info.project.use.baseURL!
    await usePreferences(page, baseURL, lang, mode)
    // The owner sees every part: requests, bans, history, transfer and delete.
    await signUp(page.request, baseURL, 'a11y')
    const pages = await groupForPages(page.request, baseURL, lang)

    for (const path of [pages.home, pages.join, pages.members, pages.settings]) {
      await test.step(path, async () => {
        await visit(page, path, lang, mode)
        await expectAccessible(page, `${path} (${lang}, ${mode})`)
      })
    }

    await test.step('the members page: every tab, a member menu, the reject dialog', async () => {
      await visit(page, pages.members, lang, mode)
      for (const tab of ['members', 'banned', 'history'] as const) {
        await page.getByRole('tab', { name: L.groups.members.tabs[tab], exact: true }).click()
        await expect(page.getByRole('tabpanel')).toBeVisible()
        await page.waitForLoadState('networkidle')
        await expectAccessible(page, `members, ${tab} (${lang}, ${mode})`)
      }
      await page.getByRole('tab', { name: L.groups.members.tabs.members, exact: true }).click()
      await page.getByRole('tabpanel').getByRole('button').first().click()
      await expect(page.getByRole('menu')).toBeVisible()
      await expectAccessible(page, `member menu (${lang}, ${mode})`)
      await page.keyboard.press('Escape')
      await page.getByRole('tab', { name: new RegExp(L.groups.members.tabs.requests) }).click()
      await page
        .getByRole('tabpanel')
        .getByRole('button', { name: new RegExp(`^${L.groups.requests.reject}`) })
        .first()
        .click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectAccessible(page, `reject dialog (${lang}, ${mode})`)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toBeHidden()
    })

    await test.step('the create-group dialog, open', async () => {
      await visit(page, pages.list, lang, mode)
      await page.getByRole('button', { name: L.groups.create.open }).first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectAccessible(page, `create-group dialog (${lang}, ${mode})`)
      await page.keyboard.press('Escape')
    })

    await test.step('a stranger: members only, the request form, settings refused', async () => {
      await page.context().clearCookies()
      await usePreferences(page, baseURL, lang, mode)
      await signUp(page.request, baseURL, 'a11ys')
      for (const path of [pages.home, pages.join, pages.settings]) {
        await visit(page, path, lang, mode)
        await expectAccessible(page, `${path} as a stranger (${lang}, ${mode})`)
      }
    })

    await test.step('a visitor: the join page asks to log in', async () => {
      await page.context().clearCookies()
      await usePreferences(page, baseURL, lang, mode)
      for (const path of [pages.list, pages.join]) {
        await visit(page, path, lang, mode)
        await expectAccessible(page, `${path} signed out (${lang}, ${mode})`)
      }
    })
  })

  test(`signed out: the login dialog and the pages that ask to log in, ${lang} ${mode}${tag}`, async ({
    page,
  }, info) => {
    test.setTimeout(120_000)
    await usePreferences(page, info.project.use.baseURL!, lang, mode)
    for (const path of ['/', '/settings/account', '/settings/security', '/developers/pat']) {
      await test.step(path, async () => {
        await visit(page, path, lang, mode)
        await expectAccessible(page, `${path} signed out (${lang}, ${mode})`)
      })
    }
    await test.step('/admin signed out', async () => {
      await page.goto('/admin')
      await page.waitForLoadState('networkidle')
      await expectAccessible(page, `/admin signed out (${lang}, ${mode})`)
    })

    await visit(page, '/', lang, mode)
    await page.getByRole('banner').getByRole('button', { name: L.common.account.login }).click()
    const login = page.getByRole('dialog', { name: L.auth.login.title })
    await expect(login).toBeVisible()
    await expectAccessible(page, `login dialog, phone (${lang}, ${mode})`)

    const region = L.common.phone.regionButton
      .replace('{{name}}', L.common.phone.regions.cn)
      .replace('{{prefix}}', '86')
    await login.getByRole('button', { name: region }).click()
    const picker = page.getByRole('dialog', { name: L.common.phone.picker.title })
    await expect(picker).toBeVisible()
    await expectAccessible(page, `region picker (${lang}, ${mode})`)
    await page.keyboard.press('Escape')
    await expect(picker).toBeHidden()

    await login.getByRole('button', { name: L.auth.login.modes.username }).click()
    await expectAccessible(page, `login dialog, username (${lang}, ${mode})`)
    await login.getByRole('button', { name: L.auth.login.toRegister }).click()
    await expect(page.getByRole('dialog', { name: L.auth.register.title })).toBeVisible()
    await expectAccessible(page, `registration (${lang}, ${mode})`)
  })
}
