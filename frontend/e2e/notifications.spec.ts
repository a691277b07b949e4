import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './helpers.ts'
import { postByApi, signUpPoster } from './plaza-data.ts'

// Notifications (docs/frontend.md "Notifications"): the bell's count rises by itself while a
// page is open (the live stream), the inbox leads to the permalink, and a kind turned off in
// settings records nothing; the plaza's new posts are announced by the same stream. Two people: Ana in the page, Ben through the API of a context of his
// own.

/** The page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const { width, scrollWidth } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }))
  expect(scrollWidth, `${label}: scrolls sideways`).toBeLessThanOrEqual(width)
}

test('the bell counts a comment without reloading, the inbox leads to it, and likes can be turned off @phone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await page.context().addCookies([{ name: 'preference_language', value: 'en', url: baseURL! }])
  await signUpPoster(page.request, baseURL!, 'Ana', 'ana')
  const text = `Lanterns by the river ${Date.now()}`
  const post = await postByApi(page.request, baseURL!, { body: text })

  const ben = await browser.newContext()
  await signUpPoster(ben.request, baseURL!, 'Ben', 'ben')

  // Ana's page is open, its stream connected, when Ben comments.
  const stream = page.waitForRequest((request) =>
    request.url().endsWith('/api/notifications/stream'),
  )
  await page.goto('/plaza')
  await stream
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications')
  // The plaza's news arrives by the same stream: Ben's post is announced within 2 s, without
  // waiting for the 30 s poll.
  await postByApi(ben.request, baseURL!, { body: `Ben's lantern ${Date.now()}` })
  await expect(page.getByRole('button', { name: '1 new post' })).toBeVisible({ timeout: 2_000 })
  const comment = await ben.request.post(`${baseURL}/api/plaza/posts/${post.id}/comments`, {
    data: { body: 'What a view!' },
    headers: { Origin: baseURL! },
  })
  expect(comment.status(), await comment.text()).toBe(201)
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5_000 })
  await expect(bell).toContainText('1')

  // The inbox: the sentence, the excerpt, and the way to the comment on the post's page.
  await bell.click()
  await expect(page).toHaveURL(/\/notifications$/)
  const row = page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('link', { name: /Ben commented on your post/ })
  await expect(row).toContainText('What a view!')
  await expect(row).toContainText('Unread')
  await expectAccessible(page)
  await row.click()
  await expect(page).toHaveURL(new RegExp(`/plaza/post/${post.id}#comment-`))
  await expect(page.getByText(text)).toBeVisible()
  await expect(bell).toHaveAccessibleName('Notifications')

  // Likes turned off: Ben's like adds nothing.
  await page.goto('/settings/notifications')
  const likes = page.getByRole('switch', { name: 'Likes' })
  await expect(likes).toBeChecked()
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/notifications/preferences') &&
      response.request().method() === 'PUT',
  )
  await likes.click()
  expect((await saved).status()).toBe(200)
  await expect(likes).not.toBeChecked()
  await expectAccessible(page)
  const like = await ben.request.put(`${baseURL}/api/plaza/posts/${post.id}/like`, {
    headers: { Origin: baseURL! },
  })
  expect(like.status(), await like.text()).toBe(200)
  // A comment after the like: once its notification is in, the like's would have been too.
  const second = await ben.request.post(`${baseURL}/api/plaza/posts/${post.id}/comments`, {
    data: { body: 'Again!' },
    headers: { Origin: baseURL! },
  })
  expect(second.status()).toBe(201)
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5_000 })
  const inbox = (await (await page.request.get(`${baseURL}/api/notifications`)).json()) as {
    notifications: Array<{ kind: string }>
  }
  expect(inbox.notifications.map((n) => n.kind)).toEqual(['replied', 'replied'])

  // A phone's 360 px, in Chinese: nothing wider than the screen; mark all read.
  await page.setViewportSize({ width: 360, height: 740 })
  await page.context().addCookies([{ name: 'preference_language', value: 'zh', url: baseURL! }])
  await page.goto('/notifications')
  await expect(page.getByRole('heading', { name: '通知', level: 1 })).toBeVisible()
  await expect(page.getByText('Ben 评论了你的动态').first()).toBeVisible()
  await expectNoSidewaysScroll(page, '/notifications at 360 px')
  await page.getByRole('button', { name: '全部标为已读' }).click()
  await expect(page.getByText('全部已读', { exact: true })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: '通知' })).toBeVisible()
  await page.goto('/settings/notifications')
  await expect(page.getByRole('switch', { name: '点赞' })).not.toBeChecked()
  await expectNoSidewaysScroll(page, '/settings/notifications at 360 px')
  await ben.close()
})
