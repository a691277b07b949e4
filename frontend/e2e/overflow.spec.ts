import {
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
  type Request,
} from '@playwright/test'
import { call } from './api.ts'
import { png } from './images.ts'
import { ADMIN, expect, test } from './helpers.ts'
import { postByApi } from './plaza-data.ts'

// The phone layout with real, unkind content (issue 21): at 360 × 640 no page of the route table
// scrolls sideways, and on the key pages every control is a 44 × 44 px touch target. The content
// is what people do type: a 32-character nickname and a long bio, a group with a long name and
// description, an article with a long code line, a wide table, a long URL and a 60+ letter word,
// a plaza post with nine images, a long comment. Wide content must scroll inside its own box
// (docs/frontend.md, "Phone layout rules").
//
// OVERFLOW_SHOTS=<dir> also writes a screenshot of every page visited, for a person to look at;
// OVERFLOW_VARIANTS=all crawls in all four language × colour-mode pairs instead of two.

test.use({ viewport: { width: 360, height: 640 } })

const LANGS = ['zh', 'en'] as const
const MODES = ['light', 'dark'] as const
type Lang = (typeof LANGS)[number]
type Mode = (typeof MODES)[number]

/** Two crawls by default: each language and each colour mode once. */
const VARIANTS: ReadonlyArray<{ lang: Lang; mode: Mode }> =
  process.env.OVERFLOW_VARIANTS === 'all'
    ? LANGS.flatMap((lang) => MODES.map((mode) => ({ lang, mode })))
    : [
        { lang: 'en', mode: 'light' },
        { lang: 'zh', mode: 'dark' },
      ]

const SHOTS = process.env.OVERFLOW_SHOTS

/** 81 letters, no space: German compounds are real words people write. */
const WORD = 'Donaudampfschifffahrtselektrizitaetenhauptbetriebswerkbauunterbeamtengesellschaft'
const URL_LONG = `https://example.com/community/${'very-long-path-segment/'.repeat(4)}page?ref=${'x'.repeat(40)}`
const PASSWORD = 'e2e-overflow-password'

/** Routes without parameters, as in e2e/a11y.spec.ts; the theme's components are read from its index. */
const ROUTES = [
  '/',
  '/settings/menu',
  '/settings/account',
  '/settings/security',
  '/settings/appearance',
  '/profile/system/basic',
  '/profile',
  '/admin',
  '/admin/logs',
  '/admin/districts',
  '/admin/words',
  '/admin/reports',
  '/admin/gallery',
  '/admin/wechat/menu',
  '/admin/wechat/token',
  '/admin/logo/preview1',
  '/admin/logo/version1',
  '/admin/logo/version2',
  '/group',
  '/plaza',
  '/plaza/weather/map',
  '/developers',
  '/developers/pat',
  '/developers/api',
  '/developers/api/get-api-health',
  '/developers/theme',
  '/developers/theme/examples/button/variants',
  '/developers/tools',
  '/developers/tools/timestamp-converter',
  '/no/such/page',
]

interface Seeded {
  username: string
  userId: string
  groupId: string
  articleId: string
}

/**
 * In a browser of its own, someone with a 32-character nickname and username and a long bio: a
 * public group with a long name and description, a published article with everything wide, a
 * plaza post with nine images, and a long comment on it.
 */
async function seedLongContent(baseURL: string): Promise<Seeded> {
  const author: APIRequestContext = await playwrightRequest.newContext()
  try {
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
    const username = `overflow_${suffix}`.padEnd(32, 'x').slice(0, 32)
    const { user } = await call<{ user: { id: string } }>(
      author,
      baseURL,
      'POST',
      '/api/auth/username/register',
      { username, password: PASSWORD, nickname: WORD.slice(0, 32) },
    )
    const res = await author.fetch(`${baseURL}/api/account/profile`, {
      method: 'PATCH',
      data: { bio: `${WORD} ${URL_LONG} ${WORD.slice(0, 60)}`.slice(0, 280) },
      headers: { Origin: baseURL },
    })
    expect(res.ok(), await res.text()).toBe(true)

    const { group } = await call<{ group: { id: string } }>(
      author,
      baseURL,
      'POST',
      '/api/groups',
      {
        name: `${WORD.slice(0, 34)}${suffix.slice(-6)}`,
        description: `${WORD} ${URL_LONG} ${'长描述没有空格'.repeat(20)} ${WORD}`.slice(0, 500),
        visibility: 'public',
        joinPolicy: 'open',
      },
    )
    await call(
      author,
      baseURL,
      'PUT',
      `/api/groups/${group.id}/cover`,
      png(1200, 480, [70, 140, 110]),
      'application/octet-stream',
    )
    const { image } = await call<{ image: { url: string } }>(
      author,
      baseURL,
      'POST',
      `/api/groups/${group.id}/gallery`,
      png(1600, 400, [200, 110, 70]),
      'application/octet-stream',
    )
    const columns = Array.from({ length: 10 }, (_, i) => `Column${i + 1}`)
    const body = [
      `## ${WORD}`,
      '',
      `A long link: ${URL_LONG} and a long word: ${WORD}.`,
      '',
      '```ts',
      `const ${WORD.slice(0, 30)} = ['${'a very long line of code that never wraps '.repeat(5)}']`,
      '```',
      '',
      `| ${columns.join(' | ')} |`,
      `| ${columns.map(() => '---').join(' | ')} |`,
      `| ${columns.map((c) => `${c}-value-without-spaces`).join(' | ')} |`,
      '',
      `![A wide image](${image.url})`,
      '',
      `\`${WORD}\``,
    ].join('\n')
    const { article } = await call<{ article: { id: string } }>(
      author,
      baseURL,
      'POST',
      `/api/groups/${group.id}/articles`,
      { title: WORD.slice(0, 64), body },
    )
    await call(author, baseURL, 'POST', `/api/groups/${group.id}/articles/${article.id}/publish`)

    const post = await postByApi(author, baseURL, {
      body: `${WORD} ${URL_LONG}\n${WORD}${WORD}`,
      district: '230000',
      images: Array.from(
        { length: 9 },
        (_, i) =>
          [i % 2 ? 320 : 480, i % 3 ? 240 : 480, [40 + i * 20, 140, 200 - i * 15]] as [
            number,
            number,
            [number, number, number],
          ],
      ),
    })
    await call(author, baseURL, 'POST', `/api/plaza/posts/${post.id}/comments`, {
      body: `${WORD}${WORD}${WORD} ${URL_LONG}`.slice(0, 500),
    })
    return { username, userId: user.id, groupId: group.id, articleId: article.id }
  } finally {
    await author.dispose()
  }
}

async function usePreferences(page: Page, baseURL: string, lang: Lang, mode: Mode) {
  await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
  await page.addInitScript((m) => localStorage.setItem('preference_dark', m), mode)
}

async function signIn(page: Page, baseURL: string, username: string, password: string) {
  const res = await page.request.post(`${baseURL}/api/auth/username/login`, {
    data: { username, password },
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** Requests in flight per page, and when the last one started or ended. */
const traffic = new WeakMap<Page, { inFlight: number; since: number }>()

/**
 * Waits until the page has had no request in flight for 300 ms. `networkidle` cannot tell: it is
 * the document's load state, reached once, and a move inside the app (below) loads its data and
 * chunks long after it.
 */
async function quiet(page: Page) {
  let state = traffic.get(page)
  if (!state) {
    const counts = { inFlight: 0, since: Date.now() }
    // The notifications' live stream stays open as long as the page: it never settles.
    const counted = (request: Request) => !request.url().includes('/api/notifications/stream')
    const ended = (request: Request) => {
      if (!counted(request)) return
      counts.inFlight -= 1
      counts.since = Date.now()
    }
    page.on('request', (request) => {
      if (!counted(request)) return
      counts.inFlight += 1
      counts.since = Date.now()
    })
    page.on('requestfinished', ended)
    page.on('requestfailed', ended)
    traffic.set(page, counts)
    state = counts
  }
  const { inFlight, since } = state
  await expect
    .poll(() => state.inFlight === 0 && Date.now() - state.since >= 300, {
      message: `the page's requests to settle (${inFlight} in flight ${Date.now() - since} ms ago)`,
      intervals: [100],
    })
    .toBe(true)
}

/**
 * Opens a route: the first visit loads the app, later ones move inside it as a link does (a
 * history entry and the `popstate` the router listens to), as e2e/a11y.spec.ts does; then waits
 * for its data (quiet).
 */
async function visit(page: Page, path: string, { load = false } = {}) {
  if (!traffic.has(page)) await quiet(page)
  if (!load && page.url().startsWith('http')) {
    await page.evaluate((to) => {
      const state = window.history.state as { __TSR_index?: number } | null
      const index = (state?.__TSR_index ?? 0) + 1
      window.history.pushState({ __TSR_index: index, key: `overflow-${index}` }, '', to)
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
    }, path)
    await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0])
  } else {
    await page.goto(path)
  }
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await quiet(page)
  // An article's body comes with the Markdown chunk, after the page: its code block is the point.
  if (path.endsWith('/display')) await expect(page.locator('.md pre').first()).toBeVisible()
  await page.evaluate(async () => {
    await document.fonts.ready
  })
}

/**
 * What sticks out past the screen's right edge without a scrolling or clipping box of its own to
 * hold it: the outermost such elements (whose parent still fits: where the page starts to widen)
 * and the innermost ones (none of whose children stick out: what widens it, a long word's element
 * or an image). Fixed elements stretch with the page and are left out.
 */
async function overflowing(
  page: Page,
): Promise<{ width: number; scrollWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    // Not innerWidth: on a phone the browser zooms out to show a page wider than the screen, and
    // innerWidth grows with it. The root's client width is the screen's (width=device-width).
    const width = document.documentElement.clientWidth
    const scrollWidth = document.documentElement.scrollWidth
    if (scrollWidth <= width) return { width, scrollWidth, offenders: [] }
    const describe = (el: Element): string => {
      const parts: string[] = []
      for (
        let node: Element | null = el;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const id = node.id ? `#${node.id}` : ''
        const classes = [...node.classList]
          .slice(0, 3)
          .map((c) => `.${CSS.escape(c)}`)
          .join('')
        parts.unshift(`${node.tagName.toLowerCase()}${id}${classes}`)
        if (id || parts.length === 4) break
      }
      const box = el.getBoundingClientRect()
      const text = (el.textContent ?? '').trim().slice(0, 40)
      return `${parts.join(' > ')} (right ${Math.round(box.right)}, width ${Math.round(box.width)})${text ? ` "${text}"` : ''}`
    }
    const clipped = (el: Element): boolean => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.position === 'fixed') return true
        if (style.overflowX !== 'visible') return node.getBoundingClientRect().right <= width + 0.5
      }
      return false
    }
    const sticksOut = (el: Element): boolean => {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) return false
      return getComputedStyle(el).position !== 'fixed' && !clipped(el)
    }
    const all = [...document.body.querySelectorAll('*')].filter(sticksOut)
    const outermost = all.filter((el) => !el.parentElement || !sticksOut(el.parentElement))
    const innermost = all.filter((el) => ![...el.children].some(sticksOut))
    const offenders = [
      ...outermost.slice(0, 4).map((el) => `where: ${describe(el)}`),
      ...innermost.slice(0, 6).map((el) => `what:  ${describe(el)}`),
    ]
    return { width, scrollWidth, offenders }
  })
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const { width, scrollWidth, offenders } = await overflowing(page)
  expect(width, 'the phone layout is 360 px wide').toBe(360)
  expect
    .soft(
      scrollWidth,
      `${label}: the page is ${scrollWidth} px wide on a ${width} px screen; sticking out:\n  ${offenders.join('\n  ')}`,
    )
    .toBeLessThanOrEqual(width)
}

/**
 * The visible controls smaller than 44 × 44 px. Links inside running text (an inline link with
 * other text in its block) are exempt, as WCAG 2.5.8's inline exception has it; so are controls
 * that are visually hidden (1 px skip links) and those behind a modal.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'a[href]',
      'button',
      'summary',
      'select',
      'input:not([type=hidden])',
      'textarea',
      '[role=button]',
      '[role=tab]',
      '[role=menuitem]',
      '[role=switch]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=option]',
      '[role=link]',
    ].join(',')
    const inRunningText = (el: Element): boolean => {
      if (getComputedStyle(el).display !== 'inline') return false
      let block = el.parentElement
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement
      const own = (el.textContent ?? '').trim().length
      return ((block?.textContent ?? '').trim().length ?? 0) > own
    }
    const found: string[] = []
    for (const el of document.querySelectorAll(selector)) {
      if (el.closest('[inert], [aria-hidden=true]')) continue
      const box = el.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      // Visually hidden until focused (the skip link).
      if (style.clipPath.startsWith('inset(50%')) continue
      if (inRunningText(el)) continue
      // A native checkbox or radio inside its label: the label is the target.
      if (el.matches('input[type=checkbox], input[type=radio]')) {
        const label =
          el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null)
        const area = label?.getBoundingClientRect()
        if (area && area.width >= 43.5 && area.height >= 43.5) continue
      }
      if (box.width >= 43.5 && box.height >= 43.5) continue
      const name =
        el.getAttribute('aria-label') ??
        (el.textContent ?? '').trim().slice(0, 30) ??
        el.getAttribute('name') ??
        ''
      found.push(
        `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      )
    }
    return found
  })
}

async function expectTouchTargets(page: Page, label: string) {
  expect.soft(await smallTargets(page), `${label}: controls smaller than 44 × 44 px`).toEqual([])
}

async function shot(page: Page, name: string, lang: Lang, mode: Mode) {
  if (!SHOTS) return
  const file = name.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home'
  await page.screenshot({ path: `${SHOTS}/${file}-${lang}-${mode}.png`, fullPage: true })
}

for (const { lang, mode } of VARIANTS) {
  test(`no page scrolls sideways at 360 px, with long content; 44 px targets, ${lang} ${mode} @phone @phone-only`, async ({
    page,
  }, info) => {
    test.setTimeout(300_000)
    const baseURL = info.project.use.baseURL!
    const seeded = await seedLongContent(baseURL)
    const group = `/group/${seeded.groupId}`
    const article = `${group}/article/${seeded.articleId}`
    await usePreferences(page, baseURL, lang, mode)
    await signIn(page, baseURL, ADMIN.username, ADMIN.password)

    await visit(page, '/developers/theme')
    const components = await page
      .getByRole('main')
      .locator('a[href^="/developers/theme/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))])
    expect(components.length).toBeGreaterThan(5)

    const seededRoutes = [
      group,
      `${group}/join`,
      `${group}/members`,
      `${group}/articles`,
      `${group}/gallery`,
      `${group}/settings`,
      `${article}/display`,
      `${article}/edit`,
      `/profile/${seeded.userId}`,
    ]
    for (const path of [...ROUTES, ...components, ...seededRoutes]) {
      await test.step(path, async () => {
        await visit(page, path)
        await expectNoSidewaysScroll(page, path)
        await shot(page, path, lang, mode)
      })
    }

    await test.step('/plaza with the long comment open', async () => {
      await visit(page, '/plaza')
      const post = page
        .getByRole('article')
        .filter({ hasText: WORD.slice(0, 32) })
        .first()
      await post.locator('button[aria-expanded]').click()
      await expect(post.getByText(WORD.slice(0, 20)).last()).toBeVisible()
      await quiet(page)
      await expectNoSidewaysScroll(page, '/plaza, comments open')
      await shot(page, '/plaza-comments', lang, mode)
    })

    await test.step('touch targets on the key pages', async () => {
      for (const path of ['/', '/plaza', group, `${article}/display`, '/settings/menu']) {
        await visit(page, path)
        await expectTouchTargets(page, path)
      }
    })

    await test.step("the group's owner: settings, members, the editor", async () => {
      await page.context().clearCookies()
      await usePreferences(page, baseURL, lang, mode)
      await signIn(page, baseURL, seeded.username, PASSWORD)
      for (const path of [
        group,
        `${group}/settings`,
        `${group}/members`,
        `${article}/display`,
        `${article}/edit`,
        '/profile',
        '/settings/account',
      ]) {
        // The first page loads the app again, so it knows who is signed in now.
        await visit(page, path, { load: path === group })
        await expectNoSidewaysScroll(page, `${path} (owner)`)
        await shot(page, `${path}-owner`, lang, mode)
      }
    })
  })
}
