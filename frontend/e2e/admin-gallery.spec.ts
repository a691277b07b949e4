import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from '@playwright/test'
import enAdmin from '../src/locales/en/admin.json' with { type: 'json' }
import enGallery from '../src/locales/en/gallery.json' with { type: 'json' }
import enPlaza from '../src/locales/en/plaza.json' with { type: 'json' }
import zhAdmin from '../src/locales/zh/admin.json' with { type: 'json' }
import zhGallery from '../src/locales/zh/gallery.json' with { type: 'json' }
import zhPlaza from '../src/locales/zh/plaza.json' with { type: 'json' }
import { signUp } from './groups-data.ts'
import { ADMIN, layoutOf, expect, test } from './helpers.ts'
import { png } from './images.ts'
import { postByApi } from './plaza-data.ts'

// The admin gallery (docs/frontend.md, "The admin gallery"): an admin hides an image of a group's
// gallery and a member, in a browser of their own, no longer sees it there; the admin deletes an
// image of a plaza post and the post says an image was removed. In en on desktop and zh on a phone (layoutOf).

const LABELS = {
  en: { admin: enAdmin, gallery: enGallery, plaza: enPlaza },
  zh: { admin: zhAdmin, gallery: zhGallery, plaza: zhPlaza },
} as const
type Lang = keyof typeof LABELS

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true)
  return (await res.json()) as T
}

/** A browser of someone's own, in `lang`, the same size as the admin's page. */
async function browserOf(
  browser: Browser,
  page: Page,
  baseURL: string,
  lang: Lang,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() })
  await context.addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
  return context
}

/**
 * A public group with two images uploaded by its owner, and a member who joined it, each in a
 * browser of their own; and a plaza post with two images by someone else.
 */
async function world(browser: Browser, page: Page, info: TestInfo, lang: Lang) {
  const baseURL = info.project.use.baseURL!
  const owner = await browserOf(browser, page, baseURL, lang)
  await signUp(owner.request, baseURL, 'gowner')
  const { group } = await ok<{ group: { id: string } }>(
    await owner.request.post(`${baseURL}/api/groups`, {
      data: {
        name: lang === 'zh' ? '摄影小组' : 'Photo club',
        visibility: 'public',
        joinPolicy: 'open',
      },
      headers: { Origin: baseURL },
    }),
  )
  const images: string[] = []
  for (const [w, h] of [
    [640, 480],
    [480, 640],
  ] as const) {
    const { image } = await ok<{ image: { id: string } }>(
      await owner.request.post(`${baseURL}/api/groups/${group.id}/gallery`, {
        data: png(w, h, [60, 140, 200]),
        headers: { Origin: baseURL, 'Content-Type': 'application/octet-stream' },
      }),
    )
    images.push(image.id)
  }
  await owner.close()

  const member = await browserOf(browser, page, baseURL, lang)
  await signUp(member.request, baseURL, 'gmember')
  await ok(
    await member.request.post(`${baseURL}/api/groups/${group.id}/join`, {
      data: {},
      headers: { Origin: baseURL },
    }),
  )

  const posterContext = await browserOf(browser, page, baseURL, lang)
  const poster = await signUp(posterContext.request, baseURL, 'gposter')
  const body = `${lang === 'zh' ? '两张照片' : 'Two photos'} ${Date.now().toString(36)}`
  const post = await postByApi(posterContext.request, baseURL, {
    body,
    images: [
      [640, 480, [200, 110, 70]],
      [480, 480, [80, 180, 110]],
    ],
  })
  await posterContext.close()
  return { baseURL, groupId: group.id, images, member, poster, post: { ...post, body } }
}

for (const lang of ['en', 'zh'] as const) {
  test(`an admin hides a gallery image and deletes a plaza image; readers see it at once (${lang}) ${layoutOf(lang)}`, async ({
    browser,
    page,
  }, info) => {
    test.setTimeout(120_000)
    const L = LABELS[lang]
    const w = await world(browser, page, info, lang)
    const [kept, hidden] = w.images as [string, string]
    const memberPage = await w.member.newPage()
    const galleryPath = `/group/${w.groupId}/gallery`
    const thumb = (id: string) => `img[src="/api/media/${id}/thumbnail"]`

    // The member sees both images before.
    await memberPage.goto(galleryPath)
    await expect(memberPage.locator(thumb(hidden))).toBeVisible()
    await expect(memberPage.locator(thumb(kept))).toBeVisible()

    // The admin reaches the gallery from the console's navigation.
    await page.context().addCookies([{ name: 'preference_language', value: lang, url: w.baseURL }])
    const signIn = await page.request.post(`${w.baseURL}/api/auth/username/login`, {
      data: ADMIN,
      headers: { Origin: w.baseURL },
    })
    expect(signIn.status(), await signIn.text()).toBe(200)
    await page.goto('/admin')
    await page
      .getByRole('navigation', { name: L.admin.nav.label })
      .getByRole('link', { name: L.admin.nav.gallery })
      .click()
    await expect(page).toHaveURL('/admin/gallery')
    await expect(page.getByRole('heading', { level: 1, name: L.gallery.title })).toBeVisible()
    await expect(page.getByTestId('storage-used')).not.toHaveText(L.gallery.usage.loading)

    // Only this group's files, then hide one.
    await page.getByLabel(L.gallery.filters.group, { exact: true }).fill(w.groupId)
    const tiles = page.getByRole('region', { name: L.gallery.list.label }).getByRole('listitem')
    await expect(tiles).toHaveCount(2)
    const tile = page.locator(`li[data-media-id="${hidden}"]`)
    await tile.getByRole('button', { name: new RegExp(`^${L.gallery.item.hide}`) }).click()
    await expect(tile.getByText(L.gallery.item.hidden, { exact: true })).toBeVisible()
    // Still shown to the admin, marked.
    await expect(tile.locator('img')).toBeVisible()

    // At once for the member: gone from the gallery and from its URL.
    await memberPage.reload()
    await expect(memberPage.locator(thumb(kept))).toBeVisible()
    await expect(memberPage.locator(thumb(hidden))).toHaveCount(0)
    expect((await w.member.request.get(`${w.baseURL}/api/media/${hidden}`)).status()).toBe(404)

    // The poster's files only: delete the first image of the post, after confirming.
    await page.getByRole('button', { name: L.gallery.filters.clear, exact: true }).click()
    await page.getByLabel(L.gallery.filters.owner, { exact: true }).fill(w.poster.id)
    await expect(tiles).toHaveCount(2)
    const plazaTile = tiles.first()
    const deletedId = await plazaTile.getAttribute('data-media-id')
    await plazaTile.getByRole('button', { name: new RegExp(`^${L.gallery.item.delete}`) }).click()
    const dialog = page.getByRole('alertdialog', { name: L.gallery.confirm.deleteTitle })
    await dialog.getByRole('button', { name: L.gallery.confirm.delete }).click()
    await expect(tiles).toHaveCount(1)
    await expect(page.locator(`li[data-media-id="${deletedId}"]`)).toHaveCount(0)

    // The post says an image was removed, to a reader.
    await memberPage.goto('/plaza')
    const card = memberPage.getByRole('article').filter({ hasText: w.post.body })
    await expect(card).toBeVisible()
    await expect(
      card.getByText(L.plaza.post.removedImages_one.replace('{{count}}', '1')),
    ).toBeVisible()
    await expect(card.locator(`img[src="/api/media/${deletedId}/thumbnail"]`)).toHaveCount(0)
    expect((await w.member.request.get(`${w.baseURL}/api/media/${deletedId}`)).status()).toBe(404)
    await w.member.close()
  })
}

test('the admin gallery is for admins only', async ({ page }) => {
  await page.goto('/admin/gallery')
  await expect(page.getByText('Error 403')).toBeVisible()
  await expect(page.locator('li[data-media-id]')).toHaveCount(0)
})
