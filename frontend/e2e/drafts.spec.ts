import type { APIRequestContext, Page } from '@playwright/test'
import { groupContentPages, groupWithContent, signUpGroupOwner } from './group-content-data.ts'
import { pngFile } from './images.ts'
import { expect, test } from './helpers.ts'
import { signUpPoster } from './plaza-data.ts'

// Nothing typed is lost (docs/frontend.md, "Drafts and leaving a page"): the plaza composer's
// draft outlives a filter change, another page and a reload and is posted once; Post pressed
// while an image uploads posts when it is in; the article editor asks before leaving what it
// could not save.

/** Goes to a top-level page the way a person does: the tab bar on a phone, else the header. */
async function tapNav(page: Page, name: 'Groups' | 'Plaza') {
  if (page.viewportSize()!.width < 768) {
    // The tab bar steps aside while a field has the focus.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    const tabBar = page.getByRole('navigation', { name: 'Tab bar' })
    await tabBar.getByRole('link', { name, exact: true }).click()
  } else {
    await page.getByRole('banner').getByRole('link', { name, exact: true }).click()
  }
}

/** The newest posts' texts that contain `text`, as the server has them. */
async function postsWith(request: APIRequestContext, baseURL: string, text: string) {
  const res = await request.get(`${baseURL}/api/plaza/posts?limit=50`)
  expect(res.status()).toBe(200)
  const { posts } = (await res.json()) as { posts: Array<{ body: string; images: unknown[] }> }
  return posts.filter((post) => post.body.includes(text))
}

const composerText = (page: Page) => page.getByRole('textbox', { name: "What's on your mind?" })

test('@phone the composer’s draft (text, district, two images) survives a filter change, another page and a reload, and is posted once', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await signUpPoster(page.request, baseURL!, 'Drafty', 'draft')
  await page.goto('/plaza')
  const text = `A draft that survives ${Date.now()}`
  await composerText(page).fill(text)
  await page
    .locator('input[type="file"]')
    .setInputFiles([pngFile('one.png', 320, 240), pngFile('two.png', 240, 320, [200, 110, 70])])
  const images = page.getByRole('list', { name: 'Images for the post' })
  for (const name of ['one.png', 'two.png']) {
    await expect(images.getByRole('progressbar', { name })).toHaveAttribute(
      'aria-valuetext',
      'Uploaded',
    )
  }
  const district = page.getByLabel('District (optional)')
  await district.selectOption({ label: 'Sichuan' })

  const expectDraft = async () => {
    await expect(composerText(page)).toHaveValue(text)
    await expect(district).toHaveValue('510000')
    for (const name of ['one.png', 'two.png']) {
      await expect(images.getByRole('progressbar', { name })).toHaveAttribute(
        'aria-valuetext',
        'Uploaded',
      )
    }
    for (const thumbnail of await images.locator('img').all()) {
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)
    }
  }

  // The feed's filter changes: the composer keeps everything (its district is the post's own).
  await page.getByLabel('Filter by district').selectOption({ label: 'Beijing' })
  await expect(page).toHaveURL(/\/plaza\?district=110000$/)
  await expectDraft()

  // Another page and back.
  await tapNav(page, 'Groups')
  await expect(page).toHaveURL(/\/group$/)
  await tapNav(page, 'Plaza')
  await expect(page).toHaveURL(/\/plaza$/)
  await expectDraft()

  // A reload.
  await page.reload()
  await expectDraft()

  await page.getByRole('button', { name: 'Post', exact: true }).click()
  await expect(composerText(page)).toHaveValue('')
  await expect(page.getByRole('feed', { name: 'Posts' }).getByText(text)).toBeVisible()
  const mine = await postsWith(page.request, baseURL!, text)
  expect(mine).toHaveLength(1)
  expect(mine[0]!.images).toHaveLength(2)

  // Posted, the draft is gone: a reload shows an empty composer.
  await page.reload()
  await expect(composerText(page)).toHaveValue('')
  await expect(page.getByRole('list', { name: 'Images for the post' })).toHaveCount(0)
})

test('Post pressed while an image uploads posts once it is in', async ({ page, baseURL }) => {
  test.setTimeout(60_000)
  await signUpPoster(page.request, baseURL!, 'Hasty', 'hasty')
  // A slow upload: the request waits 2 s before it goes to the server.
  await page.route('**/api/plaza/images', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    await route.continue()
  })
  await page.goto('/plaza')
  const text = `Posted after the upload ${Date.now()}`
  await composerText(page).fill(text)
  await page.locator('input[type="file"]').setInputFiles([pngFile('slow.png', 320, 240)])
  await page.getByRole('button', { name: 'Post', exact: true }).click()
  await expect(page.getByText('Will post when the uploads finish…')).toBeVisible()
  expect(await postsWith(page.request, baseURL!, text)).toHaveLength(0)

  await expect(page.getByRole('feed', { name: 'Posts' }).getByText(text)).toBeVisible({
    timeout: 15_000,
  })
  await expect(composerText(page)).toHaveValue('')
  await expect(page.getByText('Will post when the uploads finish…')).toHaveCount(0)
  const mine = await postsWith(page.request, baseURL!, text)
  expect(mine).toHaveLength(1)
  expect(mine[0]!.images).toHaveLength(1)
})

test('the article editor asks before leaving text it could not save', async ({ page, baseURL }) => {
  test.setTimeout(60_000)
  await signUpGroupOwner(page.request, baseURL!)
  const pages = groupContentPages(await groupWithContent(page.request, baseURL!))
  await page.goto(pages.editor)
  const body = page.getByRole('textbox', { name: 'Text (Markdown)' })
  await expect(body).toBeVisible()
  // A blank title cannot be saved, so the new text is unsaved.
  await page.getByRole('textbox', { name: 'Title' }).fill('')
  await body.fill('Words that are not saved yet')

  await page.getByRole('link', { name: 'View', exact: true }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Stay' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`${pages.editor}$`))
  await expect(body).toHaveValue('Words that are not saved yet')

  await page.getByRole('link', { name: 'View', exact: true }).click()
  await page
    .getByRole('alertdialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave anyway' })
    .click()
  await expect(page).toHaveURL(/\/display$/)
})
