import type { Browser, TestInfo } from '@playwright/test'
import zhPlaza from '../src/locales/zh/plaza.json' with { type: 'json' }
import { pngFile } from './images.ts'
import { expect, test } from './helpers.ts'
import { postByApi, signUpPoster } from './plaza-data.ts'

// The plaza (docs/frontend.md, "Plaza"): posting with images and their progress, likes,
// comments, the district filter and the "N new posts" banner, against the real server.

/** Someone else, in their own browser context. */
async function otherContext(browser: Browser, info: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use
  return browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL })
}

test('a post with two images, liked, commented, found by its district; another person’s post arrives through the banner', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(90_000)
  // The page's clock runs as usual but can be moved on: the 30 s poll need not be waited out.
  await page.clock.install()
  await signUpPoster(page.request, baseURL!, 'Lily')
  const plain = `No district here ${Date.now()}`
  await postByApi(page.request, baseURL!, { body: plain })

  await page.goto('/plaza')
  await expect(page.getByRole('heading', { level: 1, name: 'Plaza' })).toBeVisible()
  const text = `Sunny in Chengdu ${Date.now()}`
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text)
  await page
    .locator('input[type="file"]')
    .setInputFiles([pngFile('one.png', 640, 480), pngFile('two.png', 480, 640, [200, 110, 70])])
  const images = page.getByRole('list', { name: 'Images for the post' })
  await expect(images.getByRole('progressbar')).toHaveCount(2)
  for (const name of ['one.png', 'two.png']) {
    await expect(images.getByRole('progressbar', { name })).toHaveAttribute(
      'aria-valuetext',
      'Uploaded',
    )
  }
  await page.getByLabel('District (optional)').selectOption({ label: 'Sichuan' })
  await page.getByRole('button', { name: 'Post', exact: true }).click()

  const feed = page.getByRole('feed', { name: 'Posts' })
  const mine = feed.getByRole('article').filter({ hasText: text })
  await expect(mine).toBeVisible()
  await expect(page.getByRole('textbox', { name: "What's on your mind?" })).toHaveValue('')
  // Both thumbnails, served and loaded.
  const thumbnails = mine.getByRole('button', { name: /^Image \d of 2 by Lily$/ }).locator('img')
  await expect(thumbnails).toHaveCount(2)
  for (const thumbnail of await thumbnails.all()) {
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
  }
  await mine.getByRole('button', { name: 'Image 2 of 2 by Lily' }).click()
  await expect(page.getByRole('dialog', { name: 'Image 2 of 2' })).toBeVisible()
  await page.keyboard.press('Escape')

  // Like: pressed, one like.
  await mine.getByRole('button', { name: /^Like/ }).click()
  const like = mine.getByRole('button', { name: 'Like · 1 like' })
  await expect(like).toHaveAttribute('aria-pressed', 'true')

  // A comment, shown under the post, and counted.
  await mine.getByRole('button', { name: '0 comments' }).click()
  await mine.getByRole('textbox', { name: 'Write a comment' }).fill('Lovely weather!')
  await mine.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(mine.getByRole('region', { name: 'Comments' })).toContainText('Lovely weather!')
  await expect(mine.getByRole('button', { name: '1 comment' })).toBeVisible()

  // The district chip filters: only Sichuan's posts, mine among them, the untagged one not.
  await mine.getByRole('link', { name: 'Show posts from Sichuan' }).click()
  await expect(page).toHaveURL(/\/plaza\?district=510000$/)
  const filtered = page.getByRole('feed', { name: 'Showing posts from Sichuan' })
  await expect(filtered.getByRole('article').filter({ hasText: text })).toBeVisible()
  await expect(filtered.getByRole('article').filter({ hasText: plain })).toHaveCount(0)
  for (const post of await filtered.getByRole('article').all()) {
    await expect(post.getByRole('link', { name: 'Show posts from Sichuan' })).toBeVisible()
  }
  await page.getByLabel('Filter by district').selectOption('')
  await expect(page).toHaveURL(/\/plaza$/)
  await expect(feed.getByRole('article').filter({ hasText: plain })).toBeVisible()

  // Someone else posts from their own browser; half a minute later the banner says so.
  const other = await otherContext(browser, info)
  await signUpPoster(other.request, baseURL!, 'Ming')
  const theirs = `Hello from Ming ${Date.now()}`
  await postByApi(other.request, baseURL!, { body: theirs })
  await other.close()
  await expect(feed.getByRole('article').filter({ hasText: theirs })).toHaveCount(0)
  await page.clock.fastForward(31_000)
  const banner = page.getByRole('button', { name: '1 new post' })
  await expect(banner).toBeVisible()
  await banner.click()
  await expect(feed.getByRole('article').first()).toContainText(theirs)
  await expect(banner).toBeHidden()
})

test('@phone in Chinese on a phone: a visitor is asked to log in, then posts an image and likes it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const zh = zhPlaza
  await page.context().addCookies([{ name: 'preference_language', value: 'zh', url: baseURL! }])
  await page.goto('/plaza')
  await expect(page.getByRole('heading', { level: 1, name: zh.title })).toBeVisible()
  await page.getByRole('button', { name: zh.signedOut.login }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')

  await signUpPoster(page.request, baseURL!, '小溪')
  await page.reload()
  const text = `今天的晚霞 ${Date.now()}`
  await page.getByRole('textbox', { name: zh.composer.text }).fill(text)
  await expect(page.getByText(`${[...text].length}/2,000 字`)).toBeVisible()
  await page.locator('input[type="file"]').setInputFiles([pngFile('晚霞.png', 640, 480)])
  await expect(page.getByRole('progressbar', { name: '晚霞.png' })).toHaveAttribute(
    'aria-valuetext',
    zh.composer.done,
  )
  await page.getByRole('button', { name: zh.composer.post, exact: true }).click()
  const mine = page.getByRole('feed').getByRole('article').filter({ hasText: text })
  await expect(mine).toBeVisible()
  await expect(mine.locator('img')).toHaveCount(1)
  await mine.getByRole('button', { name: new RegExp(`^${zh.post.like}`) }).click()
  await expect(mine.getByRole('button', { name: `${zh.post.like} · 1 个赞` })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
})
