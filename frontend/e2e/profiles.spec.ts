import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test'
import enProfiles from '../src/locales/en/profiles.json' with { type: 'json' }
import zhProfiles from '../src/locales/zh/profiles.json' with { type: 'json' }
import { ADMIN, layoutOf, expect, expectAccessible, test } from './helpers.ts'
import { signUp } from './groups-data.ts'

// Profiles (docs/frontend.md, "Profiles"): another person's profile shows their plaza posts and
// the articles and groups the viewer may read — nothing of a private group the viewer is not in;
// an administrator disables a user from the profile, and that user's open browser is signed out
// on its next request. In en on desktop and zh on a phone (layoutOf).

const LABELS = { en: enProfiles, zh: zhProfiles } as const
type Lang = keyof typeof LABELS

async function call<T>(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  data: unknown = {},
): Promise<T> {
  const res = await request.post(`${baseURL}${path}`, { data, headers: { Origin: baseURL } })
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return (await res.json()) as T
}

/** A group of `request`'s user with one published article; the group's id. */
async function groupWithArticle(
  request: APIRequestContext,
  baseURL: string,
  name: string,
  visibility: 'public' | 'private',
  title: string,
): Promise<string> {
  const { group } = await call<{ group: { id: string } }>(request, baseURL, '/api/groups', {
    name,
    description: '',
    visibility,
    joinPolicy: visibility === 'public' ? 'open' : 'approval',
  })
  const { article } = await call<{ article: { id: string } }>(
    request,
    baseURL,
    `/api/groups/${group.id}/articles`,
    { title, body: `# ${title}` },
  )
  await call(request, baseURL, `/api/groups/${group.id}/articles/${article.id}/publish`)
  return group.id
}

async function useLanguage(page: Page, baseURL: string, lang: Lang) {
  await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
}

/** Someone else's browser, with this project's viewport and device. */
async function otherContext(browser: Browser, info: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use
  return browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL })
}

for (const lang of ['en', 'zh'] as const) {
  const L = LABELS[lang]

  test(`another person's profile shows their posts and public articles, never a private group's (${lang}) ${layoutOf(lang)}`, async ({
    page,
  }, info) => {
    const baseURL = info.project.use.baseURL!
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
    const author = await playwrightRequest.newContext()
    let authorId: string
    try {
      authorId = (await signUp(author, baseURL, 'writer', `Writer ${stamp}`)).id
      await groupWithArticle(author, baseURL, `Open ${stamp}`, 'public', `Public words ${stamp}`)
      await groupWithArticle(author, baseURL, `Hidden ${stamp}`, 'private', `Secret ${stamp}`)
      await call(author, baseURL, '/api/plaza/posts', { body: `Hello from ${stamp}` })
    } finally {
      await author.dispose()
    }

    await useLanguage(page, baseURL, lang)
    await signUp(page.request, baseURL, 'reader')
    await page.goto(`/profile/${authorId}`)
    await expect(page.getByRole('heading', { level: 1, name: `Writer ${stamp}` })).toBeVisible()
    await expect(page.getByText(/^@writer/)).toBeVisible()

    const posts = page.getByRole('list', { name: L.lists.posts })
    await expect(posts.getByText(`Hello from ${stamp}`)).toBeVisible()
    await expectAccessible(page, `/profile/$userId (${lang})`)

    await page.getByRole('tab', { name: L.tabs.articles }).click()
    const articles = page.getByRole('list', { name: L.lists.articles })
    await expect(articles.getByRole('link', { name: `Public words ${stamp}` })).toBeVisible()
    await expect(articles.getByRole('listitem')).toHaveCount(1)
    await expect(page.getByText(`Secret ${stamp}`)).toHaveCount(0)

    await page.getByRole('tab', { name: L.tabs.groups }).click()
    const groups = page.getByRole('list', { name: L.lists.groups })
    await expect(groups.getByRole('link', { name: `Open ${stamp}` })).toBeVisible()
    await expect(groups.getByRole('listitem')).toHaveCount(1)
    await expect(page.getByText(`Hidden ${stamp}`)).toHaveCount(0)

    // The article link leads to the article.
    await page.getByRole('tab', { name: L.tabs.articles }).click()
    await articles.getByRole('link', { name: `Public words ${stamp}` }).click()
    await expect(page.getByRole('heading', { name: `Public words ${stamp}` }).first()).toBeVisible()

    // A malformed or unknown id is the not-found page.
    for (const id of ['not-a-user', '00000000-0000-4000-8000-000000000000']) {
      await page.goto(`/profile/${id}`)
      await expect(page.getByText('404', { exact: true })).toBeVisible()
    }
  })

  test(`an admin disables a user from their profile and the user's open browser is signed out (${lang}) ${layoutOf(lang)}`, async ({
    page,
    browser,
  }, info) => {
    const baseURL = info.project.use.baseURL!
    const victimContext = await otherContext(browser, info)
    try {
      const victimPage = await victimContext.newPage()
      await useLanguage(victimPage, baseURL, lang)
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
      const victim = await signUp(victimPage.request, baseURL, 'victim', `Victim ${stamp}`)
      await victimPage.goto('/profile')
      await expect(
        victimPage.getByRole('heading', { level: 1, name: `Victim ${stamp}` }),
      ).toBeVisible()

      await useLanguage(page, baseURL, lang)
      const res = await page.request.post(`${baseURL}/api/auth/username/login`, {
        data: ADMIN,
        headers: { Origin: baseURL },
      })
      expect(res.status(), await res.text()).toBe(200)
      await page.goto(`/profile/${victim.id}`)
      await expect(page.getByRole('heading', { level: 1, name: `Victim ${stamp}` })).toBeVisible()
      await page.getByRole('button', { name: L.admin.disable }).click()
      const dialog = page.getByRole('alertdialog', {
        name: L.admin.disableTitle.replace('{{name}}', `Victim ${stamp}`),
      })
      await expect(dialog).toBeVisible()
      await expectAccessible(page, `disable dialog (${lang})`)
      await dialog.getByRole('button', { name: L.admin.disable }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByText(L.disabledBadge, { exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: L.admin.enable })).toBeVisible()

      // The victim's browser, still showing their profile: its next request finds no session.
      await victimPage.reload()
      await expect(victimPage.getByRole('heading', { name: L.signedOut.title })).toBeVisible()

      // Enabled again (so the account is as it was for the next run's eyes).
      await page.getByRole('button', { name: L.admin.enable }).click()
      const enable = page.getByRole('alertdialog', {
        name: L.admin.enableTitle.replace('{{name}}', `Victim ${stamp}`),
      })
      await enable.getByRole('button', { name: L.admin.enable }).click()
      await expect(page.getByRole('button', { name: L.admin.disable })).toBeVisible()
    } finally {
      await victimContext.close()
    }
  })
}

test('/profile signed out asks to log in', async ({ page }) => {
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: enProfiles.signedOut.title })).toBeVisible()
  await expectAccessible(page, '/profile signed out')
})
