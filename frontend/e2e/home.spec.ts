import { request as playwrightRequest } from '@playwright/test'
import enAuth from '../src/locales/en/auth.json' with { type: 'json' }
import enHome from '../src/locales/en/home.json' with { type: 'json' }
import zhAuth from '../src/locales/zh/auth.json' with { type: 'json' }
import zhHome from '../src/locales/zh/home.json' with { type: 'json' }
import { call } from './api.ts'
import { signUp } from './groups-data.ts'
import { expect, expectAccessible, layoutOf, test } from './helpers.ts'
import { postByApi } from './plaza-data.ts'

// The home page (docs/frontend.md, "Home page"): what Courtyard is, with the plaza's latest
// posts, public groups and Beijing's weather, each card a link to its page, signed in or not.

const strings = { zh: { home: zhHome, auth: zhAuth }, en: { home: enHome, auth: enAuth } }

/** Someone else, in a browser of their own, posts with an image and starts a public group. */
async function somethingToShow(baseURL: string, lang: 'zh' | 'en') {
  const other = await playwrightRequest.newContext()
  try {
    await signUp(other, baseURL, 'home', lang === 'zh' ? '阿梅' : 'Mei')
    const stamp = Date.now().toString(36)
    const text = lang === 'zh' ? `院子里的桂花开了 ${stamp}` : `The osmanthus is out ${stamp}`
    const post = await postByApi(other, baseURL, {
      body: text,
      images: [[640, 480, [200, 150, 60]]],
    })
    const name = lang === 'zh' ? `桂花小组 ${stamp}` : `Garden club ${stamp}`
    const { group } = await call<{ group: { id: string } }>(other, baseURL, 'POST', '/api/groups', {
      name,
      description: lang === 'zh' ? '一起种花。' : 'We grow flowers together.',
      visibility: 'public',
      joinPolicy: 'open',
    })
    return { text, postId: post.id, name, groupId: group.id }
  } finally {
    await other.dispose()
  }
}

for (const lang of ['zh', 'en'] as const) {
  const { home, auth } = strings[lang]

  test(`a visitor sees the community on the home page and taps through to it (${lang}) ${layoutOf(lang)}`, async ({
    page,
    baseURL,
  }) => {
    const seeded = await somethingToShow(baseURL!, lang)
    await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL! }])
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: home.hero.title })).toBeVisible()

    // The newest post, with its picture, and the newest public group are there.
    const posts = page.getByRole('region', { name: home.posts.title })
    const post = posts.getByRole('link', { name: new RegExp(seeded.text) })
    await expect(post).toBeVisible()
    await expect(post.locator('img')).toHaveCount(1)
    const groups = page.getByRole('region', { name: home.groups.title })
    const group = groups.getByRole('link', { name: seeded.name })
    await expect(group).toBeVisible()
    // Beijing's weather from the fake provider: round(52 − 1.2 × 39.9) °C.
    const weather = page.getByRole('region', { name: home.weather.title }).getByRole('link')
    await expect(weather).toContainText('4 °C')
    await expect(weather).toHaveAttribute('href', '/plaza/weather/map')

    // Cards are one target each, tall enough for a finger; nothing scrolls sideways.
    for (const card of [post, group, weather]) {
      expect((await card.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    )
    await expectAccessible(page, `/ (${lang}, signed out)`)

    // The post card lands on the post's own page.
    await post.click()
    await expect(page).toHaveURL(`/plaza/post/${seeded.postId}`)
    await expect(page.locator(`#post-${seeded.postId}`)).toContainText(seeded.text)
    await expect(page.locator(`#post-${seeded.postId}`)).toBeInViewport()

    // The group card lands on the group.
    await page.goBack()
    await page
      .getByRole('region', { name: home.groups.title })
      .getByRole('link', { name: seeded.name })
      .click()
    await expect(page).toHaveURL(`/group/${seeded.groupId}`)
    await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible()

    // Signed out, the introduction asks to log in.
    await page.goBack()
    await page.getByRole('button', { name: home.hero.login }).click()
    const dialog = page.getByRole('dialog', { name: auth.login.title })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(auth.login.description)
  })
}

test('a signed-in person is greeted instead of asked to log in @phone', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'preference_language', value: 'en', url: baseURL! }])
  await signUp(page.request, baseURL!, 'greet', 'Lan')
  await page.goto('/')
  await expect(page.getByText('Hello, Lan')).toBeVisible()
  await expect(page.getByRole('button', { name: enHome.hero.login })).toHaveCount(0)
  await expect(page.getByRole('region', { name: enHome.posts.title })).toBeVisible()
})
