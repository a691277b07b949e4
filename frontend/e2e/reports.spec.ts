import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { call } from './api.ts'
import { signUp } from './groups-data.ts'
import { ADMIN, expect, expectAccessible, test } from './helpers.ts'
import { postByApi, signUpPoster } from './plaza-data.ts'

// Reports (docs/moderation.md "Reports"), the way people use them: someone reports what they see
// through the Report button, a moderator finds it in a queue — the site's for the plaza, the
// group's for its articles and replies — and acts on it; the author is told.

/** A browser of its own, in English, for one person. */
async function personIn(browser: Browser, baseURL: string) {
  const context = await browser.newContext()
  await context.addCookies([{ name: 'preference_language', value: 'en', url: baseURL }])
  const page = await context.newPage()
  return { context, page, request: page.request }
}

/** Reports through the dialog the Report button in `scope` opens; the server's thanks shows. */
async function report(page: Page, scope: Locator, title: string, reason: string) {
  await scope.getByRole('button', { name: 'Report' }).click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: reason }).check()
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/api/reports') && response.request().method() === 'POST',
  )
  await dialog.getByRole('button', { name: 'Send report' }).click()
  const answer = await sent
  expect(answer.status(), await answer.text()).toBe(201)
  const { message } = (await answer.json()) as { message: string }
  await expect(dialog).toBeHidden()
  await expect(page.getByText(message)).toBeVisible()
}

async function signInAsAdmin(request: APIRequestContext, baseURL: string) {
  const res = await request.post(`${baseURL}/api/auth/username/login`, {
    data: ADMIN,
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
}

test('a report handled end to end: a plaza post reported as spam, deleted by an administrator with a note @desktop', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const text = `Cheap watches, call now ${Date.now()}`
  const note = `Advertising is not allowed here ${Date.now()}`

  // Ana writes a post.
  const ana = await personIn(browser, baseURL!)
  await signUpPoster(ana.request, baseURL!, 'Ana', 'ana')
  const post = await postByApi(ana.request, baseURL!, { body: text })

  // Ben reports it as spam from the plaza; his own posts have no Report button.
  const ben = await personIn(browser, baseURL!)
  await signUpPoster(ben.request, baseURL!, 'Ben', 'ben')
  await postByApi(ben.request, baseURL!, { body: `Ben's own post ${Date.now()}` })
  await ben.page.goto(`/plaza/post/${post.id}`)
  const card = ben.page.getByRole('article').filter({ hasText: text })
  await expect(card).toBeVisible()
  await report(ben.page, card, 'Report this post', 'Spam or advertising')
  await ben.page.goto('/plaza')
  const own = ben.page.getByRole('article').filter({ hasText: "Ben's own post" }).first()
  await expect(own).toBeVisible()
  await expect(own.getByRole('button', { name: 'Report' })).toHaveCount(0)

  // The administrator finds the case, counted once, and deletes the post with a note.
  const admin = await personIn(browser, baseURL!)
  await signInAsAdmin(admin.request, baseURL!)
  await admin.page.goto('/admin')
  await admin.page.getByRole('link', { name: 'Reports' }).first().click()
  await expect(admin.page).toHaveURL(/\/admin\/reports$/)
  await expect(admin.page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  const item = admin.page.getByRole('listitem').filter({ hasText: text })
  await expect(item).toContainText('1 report')
  await expect(item).toContainText('Spam or advertising × 1')
  await expect(item.getByRole('link', { name: 'View: Plaza post' })).toHaveAttribute(
    'href',
    `/plaza/post/${post.id}`,
  )
  await expectAccessible(admin.page, '/admin/reports')
  await item.getByRole('button', { name: 'Delete the content' }).click()
  const confirm = admin.page.getByRole('alertdialog', { name: 'Delete the content?' })
  await confirm.getByRole('textbox').fill(note)
  await confirm.getByRole('button', { name: 'Delete the content' }).click()
  await expect(confirm).toBeHidden()
  await expect(admin.page.getByText('Case closed: Content deleted')).toBeVisible()
  await expect(item).toHaveCount(0)
  // Among the closed cases, with the note.
  await admin.page.getByRole('button', { name: 'Closed' }).click()
  await expect(admin.page.getByRole('listitem').filter({ hasText: text })).toContainText(note)

  // The post is gone from the plaza.
  await ben.page.goto('/plaza')
  await expect(ben.page.getByRole('article').first()).toBeVisible()
  await expect(ben.page.getByText(text)).toHaveCount(0)
  const gone = await ben.request.get(`${baseURL}/api/plaza/posts/${post.id}`)
  expect(gone.status()).toBe(404)

  // Ana is told, with the note.
  await ana.page.goto('/notifications')
  const removal = ana.page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: 'A moderator removed or hid your content' })
  await expect(removal).toBeVisible()
  await expect(removal).toContainText(note)

  for (const person of [ana, ben, admin]) await person.context.close()
})

test("a member reports a reply; the group's owner deletes it from the group's queue @desktop", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const replyText = `You are all fools ${Date.now()}`

  // Olga's open group with an article; Mia replies, Ravi reads it.
  const olga = await personIn(browser, baseURL!)
  await signUp(olga.request, baseURL!, 'olga', 'Olga')
  const { group } = await call<{ group: { id: string } }>(
    olga.request,
    baseURL!,
    'POST',
    '/api/groups',
    {
      name: `Tea lovers ${Date.now().toString(36)}`,
      description: 'Green, black and oolong.',
      visibility: 'public',
      joinPolicy: 'open',
    },
  )
  const { article } = await call<{ article: { id: string } }>(
    olga.request,
    baseURL!,
    'POST',
    `/api/groups/${group.id}/articles`,
    { title: 'Our first tasting', body: 'We tasted five teas.' },
  )
  await call(
    olga.request,
    baseURL!,
    'POST',
    `/api/groups/${group.id}/articles/${article.id}/publish`,
  )
  const mia = await personIn(browser, baseURL!)
  await signUp(mia.request, baseURL!, 'mia', 'Mia')
  await call(mia.request, baseURL!, 'POST', `/api/groups/${group.id}/join`, {})
  const { reply } = await call<{ reply: { id: string } }>(
    mia.request,
    baseURL!,
    'POST',
    `/api/groups/${group.id}/articles/${article.id}/replies`,
    { body: replyText },
  )
  const ravi = await personIn(browser, baseURL!)
  await signUp(ravi.request, baseURL!, 'ravi', 'Ravi')
  await call(ravi.request, baseURL!, 'POST', `/api/groups/${group.id}/join`, {})

  await ravi.page.goto(`/group/${group.id}/article/${article.id}/display`)
  const replyItem = ravi.page.getByRole('article', { name: 'Reply by Mia' })
  await expect(replyItem).toContainText(replyText)
  await report(ravi.page, replyItem, 'Report this reply', 'Harassment or abuse')

  // Olga: the Reports tab of her group, the case with its link, then Delete.
  await olga.page.goto(`/group/${group.id}`)
  await olga.page
    .getByRole('navigation', { name: 'Group sections' })
    .getByRole('link', { name: 'Reports' })
    .click()
  await expect(olga.page).toHaveURL(new RegExp(`/group/${group.id}/reports$`))
  const item = olga.page.getByRole('listitem').filter({ hasText: replyText })
  await expect(item).toContainText('1 report')
  await expect(item).toContainText('Harassment or abuse × 1')
  await expect(item).toContainText('By Mia')
  await expect(item.getByRole('link', { name: 'View: Reply' })).toHaveAttribute(
    'href',
    `/group/${group.id}/article/${article.id}/display#reply-${reply.id}`,
  )
  // A group's queue has no "disable": that is the site's.
  await expect(item.getByRole('button', { name: 'Disable the account' })).toHaveCount(0)
  await expectAccessible(olga.page, "the group's report queue")
  await item.getByRole('button', { name: 'Delete the content' }).click()
  const confirm = olga.page.getByRole('alertdialog', { name: 'Delete the content?' })
  await confirm.getByRole('textbox').fill('Be kind to each other')
  await confirm.getByRole('button', { name: 'Delete the content' }).click()
  await expect(confirm).toBeHidden()
  await expect(item).toHaveCount(0)
  await expect(olga.page.getByText('No open reports.')).toBeVisible()

  // The reply is gone from the article.
  await ravi.page.reload()
  await expect(ravi.page.getByRole('heading', { name: 'Our first tasting' })).toBeVisible()
  await expect(ravi.page.getByText(replyText)).toHaveCount(0)
  // Ravi is no manager: no Reports tab for him.
  await ravi.page.goto(`/group/${group.id}`)
  await expect(
    ravi.page
      .getByRole('navigation', { name: 'Group sections' })
      .getByRole('link', { name: 'Reports' }),
  ).toHaveCount(0)

  for (const person of [olga, mia, ravi]) await person.context.close()
})
