import type { Page } from '@playwright/test'
import { pngFile } from './images.ts'
import { expect, test, uniqueName } from './helpers.ts'

// A group's articles and gallery (docs/frontend.md, "Group articles and gallery") against the
// real server and media store: uploads with progress, the Markdown editor's autosave, images and
// publishing, and two tabs editing one article.

const PASSWORD = 'e2e-password-123'

/** A new user, signed in in this browser context, who owns a new public group. */
async function memberWithGroup(page: Page, baseURL: string): Promise<{ groupId: string }> {
  const username = uniqueName('gc')
  const registered = await page.request.post(`${baseURL}/api/auth/username/register`, {
    data: { username, password: PASSWORD },
    headers: { Origin: baseURL },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  const created = await page.request.post(`${baseURL}/api/groups`, {
    data: { name: `读书会 ${username}`, visibility: 'public', joinPolicy: 'open' },
    headers: { Origin: baseURL },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { group } = (await created.json()) as { group: { id: string } }
  return { groupId: group.id }
}

/** The editor's "Saved 14:05" (or "Saved 02:05 PM"). */
const SAVED = /^Saved \d{2}:\d{2}/

test('@phone a member uploads three images, each with its own progress bar, and sees them in the gallery', async ({
  page,
  baseURL,
}) => {
  const { groupId } = await memberWithGroup(page, baseURL!)
  await page.goto(`/group/${groupId}/gallery`)
  await expect(page.getByText('No images yet. Upload the first ones!')).toBeVisible()

  await page
    .locator('input[type="file"]')
    .setInputFiles([
      pngFile('red.png', 640, 480, [200, 60, 50]),
      pngFile('green.png', 480, 640, [60, 160, 80]),
      pngFile('blue.png', 800, 400, [50, 90, 200]),
    ])

  for (const name of ['red.png', 'green.png', 'blue.png']) {
    const bar = page.getByRole('progressbar', { name })
    await expect(bar).toBeVisible()
    await expect(bar).toHaveAttribute('aria-valuetext', 'Uploaded')
    await expect(bar).toHaveAttribute('aria-valuenow', '100')
  }
  const thumbnails = page.getByRole('list', { name: 'Images' }).getByRole('img')
  await expect(thumbnails).toHaveCount(3)
  // Served by the server (thumbnails are JPEGs made from the uploads), and really loaded.
  for (const thumbnail of await thumbnails.all()) {
    await expect(thumbnail).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]+\/thumbnail$/)
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
  }

  // The lightbox: the full image, → and ← move, Escape closes.
  await thumbnails.first().click()
  await expect(page.getByRole('dialog', { name: 'Image 1 of 3' })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  const second = page.getByRole('dialog', { name: 'Image 2 of 3' })
  await expect(second).toBeVisible()
  await expect(second.getByRole('img')).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]+$/)
  await page.keyboard.press('Escape')
  await expect(second).toBeHidden()
})

test('@phone a member writes an article with an image, it saves by itself, and the published page shows the image', async ({
  page,
  baseURL,
}) => {
  const { groupId } = await memberWithGroup(page, baseURL!)
  await page.goto(`/group/${groupId}/articles`)
  await page.getByRole('button', { name: 'New article' }).click()
  const dialog = page.getByRole('dialog', { name: 'New article' })
  await dialog.getByRole('textbox', { name: 'Title' }).fill('三月书单')
  await dialog.getByRole('button', { name: 'Create and edit' }).click()
  await expect(page).toHaveURL(/\/article\/[0-9a-f-]+\/edit$/)

  const body = page.getByRole('textbox', { name: 'Text (Markdown)' })
  await body.fill('## 三月\n\n这个月读了《活着》。\n')
  await page.locator('input[type="file"]').setInputFiles(pngFile('cover.png', 400, 300))
  await expect(body).toHaveValue(/!\[cover\]\(\/api\/media\/[0-9a-f-]+#400x300\)/)
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible()

  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText("Published: the group's readers can see it now.")).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()

  await page.getByRole('link', { name: 'View' }).click()
  await expect(page).toHaveURL(/\/display$/)
  const article = page.getByRole('article')
  await expect(article.getByRole('heading', { name: '三月书单', level: 2 })).toBeVisible()
  await expect(article.getByRole('heading', { name: '三月', exact: true, level: 2 })).toBeVisible()
  const image = article.getByRole('img', { name: 'cover' })
  await expect(image).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]+$/)
  // Its box is reserved from the size the editor wrote, before it loads.
  await expect(image).toHaveAttribute('width', '400')
  await expect(image).toHaveAttribute('height', '300')
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400)
  await expect(article.getByRole('link', { name: 'Edit' })).toBeVisible()

  // The list shows it, published.
  await page.getByRole('link', { name: 'Articles' }).first().click()
  await expect(
    page.getByRole('region', { name: 'Published' }).getByRole('link', { name: '三月书单' }),
  ).toBeVisible()
})

test('two tabs editing one article: the stale save gets the conflict dialog, never a silent overwrite', async ({
  page,
  context,
  baseURL,
}) => {
  const { groupId } = await memberWithGroup(page, baseURL!)
  const created = await page.request.post(`${baseURL}/api/groups/${groupId}/articles`, {
    data: { title: 'Shared notes', body: 'First line.' },
    headers: { Origin: baseURL! },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { article } = (await created.json()) as { article: { id: string } }
  const editor = `/group/${groupId}/article/${article.id}/edit`

  const first = page
  const second = await context.newPage()
  await first.goto(editor)
  await second.goto(editor)
  const firstBody = first.getByRole('textbox', { name: 'Text (Markdown)' })
  const secondBody = second.getByRole('textbox', { name: 'Text (Markdown)' })
  await expect(secondBody).toHaveValue('First line.')

  await firstBody.fill('First line.\nFrom the first tab.')
  await expect(first.getByRole('status').filter({ hasText: SAVED })).toBeVisible()
  await expect(first.getByText('Unsaved changes')).toBeHidden()

  await secondBody.fill('First line.\nFrom the second tab.')
  const conflict = second.getByRole('alertdialog', { name: 'This article was changed elsewhere' })
  await expect(conflict).toBeVisible()
  // What is on the server now is shown; nothing was overwritten.
  await expect(conflict.getByText('Shared notes')).toBeVisible()

  // Keep mine: saved over the first tab's version.
  await conflict.getByRole('button', { name: 'Keep mine' }).click()
  await expect(conflict).toBeHidden()
  await expect(second.getByRole('status').filter({ hasText: SAVED })).toBeVisible()

  // The first tab is stale now: its next save conflicts, and "Reload theirs" takes the second's.
  await firstBody.fill('First line.\nFrom the first tab, again.')
  const back = first.getByRole('alertdialog', { name: 'This article was changed elsewhere' })
  await expect(back).toBeVisible()
  await back.getByRole('button', { name: 'Reload theirs' }).click()
  await expect(firstBody).toHaveValue('First line.\nFrom the second tab.')
  await second.close()
})
