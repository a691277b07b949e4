import type { Locator, Page } from '@playwright/test'
import { call } from './api.ts'
import { expect, expectAccessible, test, uniqueName } from './helpers.ts'
import { pngFile } from './images.ts'

// Replies on a group's articles (docs/frontend.md, "Group articles and gallery", "Replies")
// against the real server: a member replies and quotes, the author closes the replies; a manager
// deletes a member's reply with a reason the member is told.

const PASSWORD = 'e2e-password-123'

// REPLIES_SHOTS=<dir> also writes the article page with its replies in zh and en, light and dark,
// for a person to look at.
const SHOTS = process.env.REPLIES_SHOTS

async function screenshots(page: Page, display: string, project: string) {
  for (const lang of ['en', 'zh'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      await page
        .context()
        .addCookies([{ name: 'preference_language', value: lang, url: new URL(page.url()).origin }])
      await page.evaluate((dark) => localStorage.setItem('preference_dark', dark), mode)
      await page.goto(display)
      await expect(page.getByRole('list', { name: /repl|回应/ }).getByRole('listitem')).toHaveCount(
        2,
      )
      await expect(page.locator('blockquote').first()).toBeVisible()
      await page.screenshot({
        path: `${SHOTS}/replies-${project}-${lang}-${mode}.png`,
        fullPage: true,
      })
    }
  }
  await page
    .context()
    .addCookies([{ name: 'preference_language', value: 'en', url: new URL(page.url()).origin }])
  await page.evaluate(() => localStorage.setItem('preference_dark', 'light'))
  await page.goto(display)
}

/** Registers `username` in `page`'s browser (signed in from then on), with `nickname`. */
async function signUp(page: Page, baseURL: string, username: string, nickname: string) {
  const res = await page.request.post(`${baseURL}/api/auth/username/register`, {
    data: { username, password: PASSWORD, nickname },
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(201)
}

/** `GET path` as `page`'s browser (signed in), its JSON; a failure names the answer. */
async function read<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path)
  expect(res.ok(), `GET ${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return (await res.json()) as T
}

/**
 * Signs `page` up as the author (Lily), who makes a group and publishes an article in it; the
 * ids and the article's page.
 */
async function publishedArticle(
  page: Page,
  baseURL: string,
  settings: { name: string; visibility: 'public' | 'private'; joinPolicy: 'open' | 'approval' },
  text: { title: string; body: string },
) {
  await signUp(page, baseURL, uniqueName('author'), 'Lily')
  const { group } = await call<{ group: { id: string } }>(
    page.request,
    baseURL,
    'POST',
    '/api/groups',
    settings,
  )
  const { article } = await call<{ article: { id: string } }>(
    page.request,
    baseURL,
    'POST',
    `/api/groups/${group.id}/articles`,
    text,
  )
  await call(
    page.request,
    baseURL,
    'POST',
    `/api/groups/${group.id}/articles/${article.id}/publish`,
  )
  return { group, article, display: `/group/${group.id}/article/${article.id}/display` }
}

test('@phone a member replies and quotes that reply; the author closes the replies and the form goes', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people, four axe runs and an edit with its versions: longer than one page's default.
  test.setTimeout(90_000)
  // The author, in this page: a public group and a published article.
  const { group, display } = await publishedArticle(
    page,
    baseURL!,
    { name: `Readers ${uniqueName('g')}`, visibility: 'public', joinPolicy: 'open' },
    { title: 'March reading list', body: 'We read **three** books.' },
  )

  // The member, in a browser of their own, joins and replies.
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() })
  const member = await context.newPage()
  await signUp(member, baseURL!, uniqueName('member'), 'Ming')
  await call(member.request, baseURL!, 'POST', `/api/groups/${group.id}/join`, {})
  await member.goto(display)
  const form = member.getByRole('textbox', { name: 'Your reply' })
  await form.fill('I liked the *second* one best.')
  await member.getByRole('button', { name: 'Reply', exact: true }).click()
  const replies = member.getByRole('list', { name: /repl/ }).getByRole('listitem')
  await expect(replies).toHaveCount(1)
  await expect(replies.first().locator('em')).toHaveText('second')
  await expect(member.getByRole('heading', { name: '1 reply' })).toBeVisible()
  await expect(form).toHaveValue('')

  // Quoting it: the chip, then the new reply shows the quote.
  await replies.first().getByRole('button', { name: 'Quote' }).click()
  await expect(member.getByText('Quoting Ming')).toBeVisible()
  await expect(form).toBeFocused()
  await form.fill('And the third, on a second reading.')
  await member.getByRole('button', { name: 'Reply', exact: true }).click()
  await expect(replies).toHaveCount(2)
  const quote = replies.nth(1).locator('blockquote')
  await expect(quote).toContainText('Ming')
  await expect(quote).toContainText('I liked the second one best.')
  await expect(member.getByText('Quoting Ming')).toBeHidden()

  // A reply's link scrolls to it: its anchor is there after a reload.
  const id = await replies.nth(1).getAttribute('id')
  expect(id).toMatch(/^reply-[0-9a-f-]+$/)

  // A quote waiting in the form, kept as a draft. On a phone at 360 px nothing scrolls sideways.
  await replies.nth(1).getByRole('button', { name: 'Quote' }).click()
  await form.fill('Agreed — **both** are worth it.')
  if ((member.viewportSize()?.width ?? 1000) < 768) {
    await member.setViewportSize({ width: 360, height: 800 })
    const widths = await member.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ])
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!)
    // Every control of the thread is a 44 × 44 px touch target.
    const controls = member
      .locator('#replies-title')
      .locator('xpath=ancestor::section[1]')
      .locator('a, button, textarea')
    // Two replies' author, time, Quote, Edit, Copy link and Delete, the chip's remove, the text,
    // Add images, From the gallery, Reply.
    await expect(controls).toHaveCount(17)
    const small = await controls.evaluateAll((elements) =>
      elements
        .map((element) => {
          const box = element.getBoundingClientRect()
          return { name: element.textContent || element.getAttribute('aria-label'), box }
        })
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(({ name, box }) => `${name} ${Math.round(box.width)}×${Math.round(box.height)}`),
    )
    expect(small).toEqual([])
  }
  // The member edits their first reply in place: it says "edited", and its earlier text is kept.
  await replies.first().getByRole('button', { name: 'Edit' }).click()
  const editor = replies.first().getByRole('textbox', { name: 'Edit your reply' })
  await expect(editor).toHaveValue('I liked the *second* one best.')
  await editor.fill('I liked the *second* one best, and the first.')
  await replies.first().getByRole('button', { name: 'Save' }).click()
  await expect(editor).toBeHidden()
  await expect(replies.first()).toContainText('and the first.')
  await expect(replies.first().getByText(/^edited/)).toBeVisible()
  await replies.first().getByRole('button', { name: 'Earlier versions' }).click()
  const versions = member.getByRole('dialog', { name: 'Versions of this reply' })
  await expect(versions.getByRole('listitem')).toHaveCount(2)
  await expect(versions.getByRole('listitem').nth(1)).toContainText(
    'I liked the *second* one best.',
  )
  await expectAccessible(member, 'the versions of an edited reply')
  await member.keyboard.press('Escape')
  await expect(versions).toBeHidden()
  // After a reload too, and the draft in the form is still there.
  await member.reload()
  await expect(replies.first().getByText(/^edited/)).toBeVisible()
  await expect(form).toHaveValue('Agreed — **both** are worth it.')

  await expectAccessible(member, 'the thread with a quote and a quote in the form')
  if (SHOTS) await screenshots(member, display, test.info().project.name)

  // The author closes the replies: their form goes, and the member's after a reload.
  await page.goto(display)
  await expect(page.getByRole('list', { name: /repl/ }).getByRole('listitem')).toHaveCount(2)
  await page.getByRole('button', { name: 'Close replies' }).click()
  await expect(page.getByText('Replies are closed.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Reopen replies' })).toBeVisible()
  await expectAccessible(page, 'a closed thread, seen by the author')

  // A full load (not a change of hash in the same document), at the reply's anchor.
  await member.goto('/')
  await member.goto(`${display}#${id}`)
  await expect(member.getByText('Replies are closed.')).toBeVisible()
  await expect(form).toBeHidden()
  await expect(replies).toHaveCount(2)
  await expect(replies.nth(1)).toBeInViewport()
  await context.close()
})

test('@phone a member replies with an uploaded image and one from the gallery, which another member sees', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  // The author, in this page: a private group (its images are its members') and an article.
  const { group, article, display } = await publishedArticle(
    page,
    baseURL!,
    { name: `Photos ${uniqueName('g')}`, visibility: 'private', joinPolicy: 'approval' },
    { title: 'Our shelves', body: 'Show yours.' },
  )

  // The member uploads with the button (the device's file picker), as a phone does.
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() })
  const member = await context.newPage()
  const memberName = uniqueName('member')
  await signUp(member, baseURL!, memberName, 'Ming')
  await call(member.request, baseURL!, 'POST', `/api/groups/${group.id}/join`, {
    message: 'May I join?',
  })
  const { requests } = await read<{ requests: { id: string }[] }>(
    page,
    `/api/groups/${group.id}/requests`,
  )
  await call(
    page.request,
    baseURL!,
    'POST',
    `/api/groups/${group.id}/requests/${requests[0]!.id}/approve`,
    { role: 'member' },
  )
  if (SHOTS) await member.setViewportSize({ width: 360, height: 800 })
  await member.goto(display)
  const form = member.getByRole('textbox', { name: 'Your reply' })
  await form.fill('My shelf:')
  const chooser = member.waitForEvent('filechooser')
  await member.getByRole('button', { name: 'Add images' }).click()
  await (await chooser).setFiles(pngFile('shelf.png', 320, 240, [120, 80, 40]))
  const uploaded = /!\[shelf\]\(\/api\/media\/[0-9a-f-]+#320x240\)/
  // Re-encoded and thumbnailed by the server: a while on a busy machine.
  await expect(form).toHaveValue(new RegExp(`^My shelf:\\n\\n${uploaded.source}$`), {
    timeout: 15_000,
  })

  // The same image again, from the group's gallery, after the text.
  await form.press('End')
  await member.getByRole('button', { name: 'From the gallery' }).click()
  const picker = member.getByRole('dialog', { name: "Choose from the group's gallery" })
  const thumbnails = picker.getByRole('button', { name: /^Insert the image uploaded/ })
  await expect(thumbnails).toHaveCount(1)
  await expectAccessible(member, 'the gallery picker')
  if (SHOTS)
    await member.screenshot({ path: `${SHOTS}/reply-picker-${test.info().project.name}.png` })
  await thumbnails.first().click()
  await expect(picker).toBeHidden()
  const picked = /!\[image\]\(\/api\/media\/[0-9a-f-]+#320x240\)/
  await expect(form).toHaveValue(new RegExp(`${uploaded.source}\\n\\n${picked.source}$`))

  // The text and its images are kept across a reload until sent.
  await member.reload()
  await expect(form).toHaveValue(
    new RegExp(`^My shelf:\\n\\n${uploaded.source}\\n\\n${picked.source}$`),
  )
  if (SHOTS) {
    await form.scrollIntoViewIfNeeded()
    await member.screenshot({ path: `${SHOTS}/reply-images-${test.info().project.name}.png` })
  }
  await member.getByRole('button', { name: 'Reply', exact: true }).click()
  await expect(form).toHaveValue('')

  // The author (another member) sees it rendered, the file served and loaded.
  await page.goto(display)
  const reply = page.getByRole('list', { name: /repl/ }).getByRole('listitem')
  await expect(reply).toHaveCount(1)
  const image = reply.getByRole('img', { name: 'shelf' })
  await expect(image).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]+$/)
  await expect(image).toHaveAttribute('width', '320')
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)
  await expect(reply.getByRole('img', { name: 'image' })).toBeVisible()
  await context.close()

  // The author thanks them in the article: @ completes the group's members in the editor too,
  // the list under the line being typed (the field is taller than the screen on a phone).
  await page.goto(`/group/${group.id}/article/${article.id}/edit`)
  const body = page.getByRole('textbox', { name: 'Text (Markdown)' })
  await expect(body).toHaveValue('Show yours.')
  await body.press('End')
  await body.pressSequentially(' Thanks @' + memberName.slice(0, 6))
  const suggestions = page.getByRole('listbox', { name: /mention/i })
  await expect(suggestions.getByRole('option', { name: new RegExp(memberName) })).toBeVisible()
  const field = (await body.boundingBox())!
  const list = (await suggestions.boundingBox())!
  expect(list.y).toBeLessThan(field.y + field.height / 2)
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/editor-mention-${test.info().project.name}.png` })
  await body.press('Enter')
  await expect(body).toHaveValue(`Show yours. Thanks @${memberName} `)
  await expect(page.getByRole('status').filter({ hasText: /^Saved \d{2}:\d{2}/ })).toBeVisible()
})

/**
 * With `REPLIES_SHOTS`: the dialog `open` opens, in zh and en, for a person to look at (the page
 * is reloaded in each language and left in English).
 */
async function dialogShots(page: Page, name: string, open: () => Promise<Locator>) {
  const origin = new URL(page.url()).origin
  for (const lang of ['zh', 'en'] as const) {
    await page.context().addCookies([{ name: 'preference_language', value: lang, url: origin }])
    await page.reload()
    const dialog = await open()
    await dialog
      .getByRole('textbox')
      .fill(lang === 'zh' ? '这里不允许发广告，请勿再发。' : 'Advertising is not allowed here.')
    await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}-${lang}.png` })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  }
}

test('@phone a manager deletes a member’s reply with a reason, and the member is told it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  // The author, in this page, owns the group: she manages it.
  const { group, article, display } = await publishedArticle(
    page,
    baseURL!,
    { name: `Readers ${uniqueName('g')}`, visibility: 'public', joinPolicy: 'open' },
    { title: 'April reading list', body: 'Which one first?' },
  )
  const replies = `/api/groups/${group.id}/articles/${article.id}/replies`

  // A member replies with an advertisement; the author replies too.
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() })
  const member = await context.newPage()
  await signUp(member, baseURL!, uniqueName('member'), 'Ming')
  await call(member.request, baseURL!, 'POST', `/api/groups/${group.id}/join`, {})
  await call(member.request, baseURL!, 'POST', replies, { body: 'Cheap watches at my shop!' })
  await call(page.request, baseURL!, 'POST', replies, { body: 'Start with the short one.' })

  const phone = (page.viewportSize()?.width ?? 1000) < 768
  if (phone) await page.setViewportSize({ width: 360, height: 800 })
  await page.goto(display)
  const items = page.getByRole('list', { name: /repl|回应/ }).getByRole('listitem')
  await expect(items).toHaveCount(2)

  // Her own reply's delete is hers, not moderation: it asks for no reason.
  await items.nth(1).getByRole('button', { name: 'Delete' }).click()
  const own = page.getByRole('alertdialog', { name: 'Delete this reply?' })
  await expect(own).toBeVisible()
  await expect(own.getByRole('textbox')).toHaveCount(0)
  await own.getByRole('button', { name: 'Cancel' }).click()
  await expect(own).toBeHidden()

  const openRemoval = async () => {
    await items
      .first()
      .getByRole('button', { name: /^(Delete|删除)$/ })
      .click()
    const dialog = page.getByRole('alertdialog', { name: /^(Delete this reply\?|删除这条回应？)$/ })
    await expect(dialog.getByRole('textbox')).toBeVisible()
    return dialog
  }
  if (SHOTS) await dialogShots(page, 'reply-removal', openRemoval)

  // The member's: the reason is told to its author, counted against the server's 500.
  const dialog = await openRemoval()
  await expect(dialog).toContainText('Its author is told, with your reason if you give one.')
  const reason = dialog.getByRole('textbox', { name: 'Reason (optional, shown to the author)' })
  await expect(dialog.getByText('0/500')).toBeVisible()
  await reason.fill('Advertising is not allowed here.')
  await expect(dialog.getByText('32/500')).toBeVisible()
  await expectAccessible(page, 'a manager deleting a member’s reply with a reason')
  if (phone) {
    // At 360 px nothing scrolls sideways, and the dialog's controls are 44 px targets.
    const widths = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ])
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!)
    const small = await dialog.locator('button, textarea').evaluateAll((elements) =>
      elements
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(
          ({ element, box }) =>
            `${element.textContent || element.getAttribute('aria-label')} ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    )
    expect(small).toEqual([])
  }
  const deleted = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().includes(replies),
  )
  await dialog.getByRole('button', { name: 'Delete' }).click()
  expect(new URL((await deleted).url()).searchParams.get('reason')).toBe(
    'Advertising is not allowed here.',
  )
  await expect(dialog).toBeHidden()
  await expect(page.getByText('The reply was deleted.')).toBeVisible()
  await expect(items).toHaveCount(1)
  await expect(items.first()).toContainText('Start with the short one.')

  // The member is told: the notification carries the reason; the reply itself is gone.
  const { notifications } = await read<{
    notifications: { kind: string; detail: string | null }[]
  }>(member, '/api/notifications')
  expect(notifications.map(({ kind, detail }) => ({ kind, detail }))).toEqual([
    { kind: 'content_removed', detail: 'Advertising is not allowed here.' },
  ])
  await member.goto('/notifications')
  const row = member
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: 'A moderator removed or hid your content' })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Unread')
  // The reply is gone, its reason is not: the member reads why.
  await expect(row).toContainText('Reason: Advertising is not allowed here.')

  if (SHOTS) {
    // The article's delete dialog, for a member's article (a draft, which managers see too).
    const { article: theirs } = await call<{ article: { id: string } }>(
      member.request,
      baseURL!,
      'POST',
      `/api/groups/${group.id}/articles`,
      { title: 'My shop', body: 'Watches.' },
    )
    await page.goto(`/group/${group.id}/article/${theirs.id}/edit`)
    await dialogShots(page, 'article-removal', async () => {
      await page.getByRole('button', { name: /^(Delete|删除)$/ }).click()
      const box = page.getByRole('alertdialog')
      await expect(box.getByRole('textbox')).toBeVisible()
      return box
    })
  }
  await context.close()
})
