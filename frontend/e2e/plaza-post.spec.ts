import type { Page } from '@playwright/test'
import zhPlaza from '../src/locales/zh/plaza.json' with { type: 'json' }
import { expect, expectAccessible, test } from './helpers.ts'
import { postByApi, signUpPoster } from './plaza-data.ts'

// A plaza post's own page (`/plaza/post/$postId`, docs/frontend.md "Plaza"): reached from the
// feed's time and from the weather map's latest posts, its comments there, the link copied, and
// a post that is not there. e2e/a11y.spec.ts leaves the route to this spec.

/** An id in the server's form that no post has. */
const MISSING = '00000000-0000-4000-8000-000000000000'

/** The page is no wider than the screen, and the post's controls are 44 px targets. */
async function expectPhoneFit(page: Page, label: string) {
  const { width, scrollWidth } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }))
  expect(scrollWidth, `${label}: scrolls sideways`).toBeLessThanOrEqual(width)
  const small = await page
    .getByRole('main')
    .locator('a[href], button, textarea')
    .evaluateAll((controls) =>
      controls
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 1 && (box.width < 43.5 || box.height < 43.5))
        .map(
          ({ el, box }) =>
            `${el.textContent?.trim() || el.getAttribute('aria-label')} ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    )
  expect(small, `${label}: controls smaller than 44 × 44 px`).toEqual([])
}

test('a post’s page from the feed and the weather map: its comments, a new one, the link copied; a missing post', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  // English in dark mode on desktop, Chinese in light mode on a phone below: the crawl's pairs.
  await context.addCookies([{ name: 'preference_language', value: 'en', url: baseURL! }])
  await page.addInitScript(() => localStorage.setItem('preference_dark', 'dark'))
  await signUpPoster(page.request, baseURL!, 'Lily')
  const text = `Rain over Chengdu ${Date.now()}`
  const post = await postByApi(page.request, baseURL!, { body: text, district: '510000' })
  const comment = await page.request.post(`${baseURL}/api/plaza/posts/${post.id}/comments`, {
    data: { body: 'First!' },
    headers: { Origin: baseURL! },
  })
  expect(comment.status(), await comment.text()).toBe(201)

  // The feed: the post's time leads to its page.
  await page.goto('/plaza')
  const inFeed = page
    .getByRole('feed', { name: 'Posts' })
    .getByRole('article')
    .filter({ hasText: text })
  const time = inFeed.locator(`a[href="/plaza/post/${post.id}"]`)
  await expect(time).toHaveText(/ago|now/)
  await time.click()
  await expect(page).toHaveURL(new RegExp(`/plaza/post/${post.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Post by Lily' })).toBeVisible()
  const article = page.getByRole('article')
  await expect(article).toContainText(text)
  const comments = article.getByRole('region', { name: 'Comments' })
  await expect(comments).toContainText('First!')

  // A comment written there is shown and counted.
  await comments.getByRole('textbox', { name: 'Write a comment' }).fill('Still raining here.')
  await comments.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(comments).toContainText('Still raining here.')
  await expect(article.getByRole('button', { name: '2 comments' })).toBeVisible()
  // And the like, as in the feed.
  await article.getByRole('button', { name: 'Like · 0 likes' }).click()
  await expect(article.getByRole('button', { name: 'Like · 1 like' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  // Copy link: the page's absolute address on the clipboard.
  await article.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByText('Link copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/plaza/post/${post.id}`,
  )
  await expectAccessible(page, 'a post’s page')

  // A reload keeps it all: the comments come from the server.
  await page.reload()
  await expect(page.getByRole('article').getByRole('region', { name: 'Comments' })).toContainText(
    'Still raining here.',
  )
  await page.getByRole('link', { name: 'Back to the plaza' }).click()
  await expect(page).toHaveURL(/\/plaza$/)

  // The weather map's latest posts of Sichuan link to the page too.
  await page.goto('/plaza/weather/map')
  await page.getByRole('button', { name: /^Sichuan,/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Sichuan' })
  await dialog.getByRole('link', { name: new RegExp(text) }).click()
  await expect(page).toHaveURL(new RegExp(`/plaza/post/${post.id}$`))
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'Post by Lily' })).toBeVisible()

  // A post that is not there: said so on the page, not the error page.
  await page.goto(`/plaza/post/${MISSING}`)
  await expect(page.getByRole('heading', { level: 1, name: 'This post is not here' })).toBeVisible()
  await expect(page.getByText('It may have been deleted, or the link is mistyped.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to the plaza' })).toHaveAttribute(
    'href',
    '/plaza',
  )
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
})

test('@phone @phone-only in Chinese at 360 px: a visitor reads a post and its comments; a deleted post', async ({
  page,
  baseURL,
  browser,
}, info) => {
  test.setTimeout(60_000)
  const zh = zhPlaza
  // The author, in a context of their own; the page's visitor stays signed out.
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = info.project.use
  const author = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
  })
  await signUpPoster(author.request, baseURL!, '小溪')
  const text = `今天的晚霞真好看，${'很长的一段话'.repeat(12)} ${Date.now()}`
  const post = await postByApi(author.request, baseURL!, { body: text, district: '510000' })
  const comment = await author.request.post(`${baseURL}/api/plaza/posts/${post.id}/comments`, {
    data: { body: '拍得不错！' },
    headers: { Origin: baseURL! },
  })
  expect(comment.status(), await comment.text()).toBe(201)

  await page.setViewportSize({ width: 360, height: 780 })
  await page.context().addCookies([{ name: 'preference_language', value: 'zh', url: baseURL! }])
  await page.goto(`/plaza/post/${post.id}`)
  await expect(
    page.getByRole('heading', { level: 1, name: zh.post.label.replace('{{name}}', '小溪') }),
  ).toBeVisible()
  const comments = page.getByRole('region', { name: zh.comments.label })
  await expect(comments).toContainText('拍得不错！')
  await expect(comments.getByRole('button', { name: zh.comments.logIn })).toBeVisible()
  await expectPhoneFit(page, 'a post’s page')
  await expectAccessible(page, 'a post’s page, zh, phone')

  // Deleted by its author: the page says the post is gone.
  const deleted = await author.request.delete(`${baseURL}/api/plaza/posts/${post.id}`, {
    headers: { Origin: baseURL! },
  })
  expect(deleted.status(), await deleted.text()).toBe(200)
  await author.close()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: zh.page.notFound.title })).toBeVisible()
  await expect(page.getByText(zh.page.notFound.body)).toBeVisible()
  await expectPhoneFit(page, 'a deleted post')
  await page.getByRole('link', { name: zh.page.notFound.back }).click()
  await expect(page).toHaveURL(/\/plaza$/)
  await expect(page.getByRole('heading', { level: 1, name: zh.title })).toBeVisible()
})
