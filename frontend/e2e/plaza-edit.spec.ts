import type { Page } from '@playwright/test'
import zhPlaza from '../src/locales/zh/plaza.json' with { type: 'json' }
import { ADMIN, expect, expectAccessible, test } from './helpers.ts'
import { postByApi, signUpPoster } from './plaza-data.ts'

// Edits of plaza posts and comments (issue 24, item 2): the author edits a post from the feed's
// card and sees "edited", opens its earlier versions, meets a stale edit (409) with the text
// kept; on a phone in Chinese, a comment edited on the post's page at 360 px; an administrator
// removes someone else's comment with a reason.

/** The page is no wider than the screen, and the main area's controls are 44 px targets. */
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

test('the author edits a post from the feed, sees "edited" and its versions; a stale edit keeps the text', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await page.context().addCookies([{ name: 'preference_language', value: 'en', url: baseURL! }])
  await signUpPoster(page.request, baseURL!, 'Lily')
  const text = `Fog over the river ${Date.now()}`
  const post = await postByApi(page.request, baseURL!, { body: text })

  await page.goto('/plaza')
  // The card by its anchor: while it is being edited its text is in the field, not the card's.
  const card = page.getByRole('feed', { name: 'Posts' }).locator(`#post-${post.id}`)
  await card.getByRole('button', { name: 'Edit post' }).click()
  const box = card.getByRole('textbox', { name: 'Text of your post' })
  await expect(box).toHaveValue(text)
  await box.fill(`${text}, clearing by noon`)
  await card.getByRole('button', { name: 'Save' }).click()
  await expect(card).toContainText(`${text}, clearing by noon`)
  await expect(box).toBeHidden()
  const edited = card.getByRole('button', { name: /show earlier versions/ })
  await expect(edited).toContainText(/edited/)
  await expect(edited.locator('time')).toHaveAttribute('title', /^Edited /)

  // Its versions: the current text and the one it replaced.
  await edited.click()
  const dialog = page.getByRole('dialog', { name: 'Versions of this post' })
  await expect(dialog.getByRole('listitem')).toHaveCount(2)
  await expect(dialog.getByRole('listitem').nth(1)).toContainText(text)
  await expectAccessible(page, 'the versions of a post')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Another tab saves meanwhile: this edit is refused, says why and keeps what was typed.
  await card.getByRole('button', { name: 'Edit post' }).click()
  await box.fill('My second thoughts')
  const other = await page.request.patch(`${baseURL}/api/plaza/posts/${post.id}`, {
    data: { body: 'From the other tab', version: 2 },
    headers: { Origin: baseURL! },
  })
  expect(other.status(), await other.text()).toBe(200)
  await card.getByRole('button', { name: 'Save' }).click()
  await expect(card.getByRole('alert')).toContainText('edited elsewhere after you opened it')
  await expect(box).toHaveValue('My second thoughts')
  await card.getByRole('button', { name: 'Save' }).click()
  await expect(card).toContainText('My second thoughts')
  await expect(box).toBeHidden()

  // Reloaded, it is still edited.
  await page.reload()
  await expect(card).toContainText('My second thoughts')
  await expect(card.getByRole('button', { name: /show earlier versions/ })).toBeVisible()
})

test('@phone @phone-only in Chinese at 360 px: the author edits a comment on the post’s page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const zh = zhPlaza
  await page.setViewportSize({ width: 360, height: 780 })
  await page.context().addCookies([{ name: 'preference_language', value: 'zh', url: baseURL! }])
  await signUpPoster(page.request, baseURL!, '小溪')
  const post = await postByApi(page.request, baseURL!, { body: `晚霞 ${Date.now()}` })
  const comment = await page.request.post(`${baseURL}/api/plaza/posts/${post.id}/comments`, {
    data: { body: '拍得不错！' },
    headers: { Origin: baseURL! },
  })
  expect(comment.status(), await comment.text()).toBe(201)

  await page.goto(`/plaza/post/${post.id}`)
  const comments = page.getByRole('region', { name: zh.comments.label })
  await expect(comments).toContainText('拍得不错！')
  await comments.getByRole('button', { name: zh.comments.edit }).click()
  const box = comments.getByRole('textbox', { name: zh.comments.editLabel })
  await box.fill('拍得真不错！')
  await expectPhoneFit(page, 'a comment being edited')
  await comments.getByRole('button', { name: zh.edit.save }).click()
  await expect(comments).toContainText('拍得真不错！')
  await expect(comments.getByRole('button', { name: /查看以前的版本/ })).toBeVisible()
  await expectPhoneFit(page, 'an edited comment')
  await expectAccessible(page, 'an edited comment, zh, phone')
})

test('an administrator removes someone else’s comment with a reason', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(60_000)
  const author = await browser.newContext({ baseURL })
  await signUpPoster(author.request, baseURL!, 'Spammer')
  const post = await postByApi(author.request, baseURL!, { body: `Cheap watches ${Date.now()}` })
  const comment = await author.request.post(`${baseURL}/api/plaza/posts/${post.id}/comments`, {
    data: { body: 'Buy now!' },
    headers: { Origin: baseURL! },
  })
  expect(comment.status(), await comment.text()).toBe(201)
  await author.close()

  await page.context().addCookies([{ name: 'preference_language', value: 'en', url: baseURL! }])
  const signIn = await page.request.post(`${baseURL}/api/auth/username/login`, {
    data: ADMIN,
    headers: { Origin: baseURL! },
  })
  expect(signIn.status(), await signIn.text()).toBe(200)
  await page.goto(`/plaza/post/${post.id}`)
  const comments = page.getByRole('region', { name: 'Comments' })
  await comments.getByRole('button', { name: 'Delete comment' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete this comment?' })
  await dialog.getByRole('textbox', { name: 'Reason (optional, told to the author)' }).fill('spam')
  await expectAccessible(page, 'removing a comment with a reason')
  await dialog.getByRole('button', { name: 'Delete comment' }).click()
  await expect(dialog).toBeHidden()
  await expect(comments).not.toContainText('Buy now!')
  await expect(page.getByText('The comment was deleted.')).toBeVisible()
})
