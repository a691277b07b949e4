import type { Browser, BrowserContext, Page } from '@playwright/test'
import { call } from './api.ts'
import { signUp } from './groups-data.ts'
import { expect, expectAccessible, layoutOf, test } from './helpers.ts'
import { postByApi, signUpPoster } from './plaza-data.ts'

// Notifications (docs/frontend.md "Notifications"): the bell's count rises by itself while a
// page is open (the live stream), the inbox leads to the permalink, and a kind turned off in
// settings records nothing; the plaza's new posts are announced by the same stream. Two people: Ana in the page, Ben through the API of a context of his
// own. Then mentions (issue 24): one typed with completion in a comment reaches the person named,
// whose bell counts it without reloading and whose inbox leads to the comment on the post's page;
// one in a private group's reply reaches its member and nobody outside it.

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

/** What the mention tests read and write, in each language. */
const TEXTS = {
  en: {
    bell: 'Notifications',
    bellUnread: 'Notifications, 1 unread',
    inbox: 'Notifications',
    empty: 'No notifications yet',
    write: 'Write a comment',
    send: 'Comment',
    people: 'People to mention',
    mentioned: (name: string) => `${name} mentioned you`,
    before: 'Look, ',
    after: 'the lanterns are lit by the river.',
    filler: (n: number) => `Comment number ${n} on the lanterns.`,
    post: (n: number) => `Line ${n} of a long evening by the river.`,
    reply: (member: string, stranger: string) =>
      `@${member} and @${stranger}, the second chapter is the one to read.`,
    earlier: (n: number) => `Reply ${n}: a thought on the first chapter.`,
    title: 'March reading list',
  },
  zh: {
    bell: '通知',
    bellUnread: '通知，1 条未读',
    inbox: '通知',
    empty: '还没有通知',
    write: '写评论',
    send: '评论',
    people: '可提及的人',
    mentioned: (name: string) => `${name} 提到了你`,
    before: '你看，',
    after: '河边的灯笼都亮了。',
    filler: (n: number) => `第 ${n} 条关于灯笼的评论。`,
    post: (n: number) => `河边漫长夜晚的第 ${n} 行。`,
    reply: (member: string, stranger: string) => `@${member} 和 @${stranger}，第二章最值得读。`,
    earlier: (n: number) => `第 ${n} 条回应：关于第一章的想法。`,
    title: '三月书单',
  },
} as const

/** Five random letters: the start of this test's usernames, so completion finds only them. */
function tag(): string {
  return Array.from({ length: 5 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('')
}

/**
 * Another person's browser on the same device as the test's project (a phone has touch), in
 * `lang`.
 */
async function browserOf(
  browser: Browser,
  baseURL: string,
  lang: 'zh' | 'en',
): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  })
  await context.addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
  return context
}

/** Opens `path` and waits until the page's live stream is asked for. */
async function openWithStream(page: Page, path: string) {
  const stream = page.waitForRequest((request) =>
    request.url().endsWith('/api/notifications/stream'),
  )
  await page.goto(path)
  await stream
}

/** The unread count and the inbox of the signed-in user of `page`, from the API. */
async function inboxOf(page: Page, baseURL: string) {
  const count = await page.request.get(`${baseURL}/api/notifications/unread-count`)
  expect(count.status()).toBe(200)
  const list = await page.request.get(`${baseURL}/api/notifications`)
  expect(list.status()).toBe(200)
  return {
    unread: ((await count.json()) as { unread: number }).unread,
    kinds: ((await list.json()) as { notifications: Array<{ kind: string }> }).notifications.map(
      (n) => n.kind,
    ),
  }
}

for (const lang of ['zh', 'en'] as const) {
  const text = TEXTS[lang]
  // Chinese on a phone takes the name with a tap, English on a desktop with the keyboard.
  const how = lang === 'zh' ? 'a tap' : 'the keyboard'

  test(`a mention completed with ${how} raises the bell without reloading and leads to the comment (${lang}) ${layoutOf(lang)}`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    const start = tag()
    // Ana, in this page. Cleo's name starts as Ana's does and comes first in the list.
    await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL! }])
    const ana = await signUp(page.request, baseURL!, `${start}ana`, 'Ana')
    const cleo = await browserOf(browser, baseURL!, lang)
    await signUp(cleo.request, baseURL!, `${start}aaron`, 'Cleo')
    // Ben's post, long, with 21 comments of Cleo's before Ben's: the comment Ana is led to is
    // below the fold and not on the comments' first page (20).
    const ben = await browserOf(browser, baseURL!, lang)
    await signUp(ben.request, baseURL!, 'ben', 'Ben')
    const post = await postByApi(ben.request, baseURL!, {
      body: Array.from({ length: 30 }, (_, i) => text.post(i + 1)).join('\n'),
    })
    for (let n = 1; n <= 21; n++) {
      await call(cleo.request, baseURL!, 'POST', `/api/plaza/posts/${post.id}/comments`, {
        body: text.filler(n),
      })
    }

    // Ana's page is open, its stream connected, while Ben writes.
    await openWithStream(page, '/plaza')
    const bell = page.getByRole('banner').getByRole('link', { name: new RegExp(`^${text.bell}`) })
    await expect(bell).toHaveAccessibleName(text.bell)
    // A mark in the document: still there after the bell rose, so the page was not reloaded.
    await page.evaluate(() => Reflect.set(window, 'e2eNotReloaded', true))

    // Ben types "@" and the first letters of the name; the list offers Cleo and Ana.
    const benPage = await ben.newPage()
    await benPage.goto(`/plaza/post/${post.id}`)
    const box = benPage.getByRole('textbox', { name: text.write })
    if (lang === 'zh') await box.tap()
    else await box.click()
    await box.pressSequentially(`${text.before}@${start}a`)
    const people = benPage.getByRole('listbox', { name: text.people })
    const cleoOption = people.getByRole('option', { name: new RegExp(`Cleo @${start}aaron`) })
    const anaOption = people.getByRole('option', { name: `Ana @${ana.username}` })
    await expect(people.getByRole('option')).toHaveCount(2)
    await expect(cleoOption).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await cleoOption.getAttribute('id'))!,
    )
    if (lang === 'zh') {
      await anaOption.tap()
    } else {
      await box.press('ArrowDown')
      await expect(anaOption).toHaveAttribute('aria-selected', 'true')
      await box.press('Enter')
    }
    await expect(people).toBeHidden()
    await expect(box).toBeFocused()
    await expect(box).toHaveValue(`${text.before}@${ana.username} `)
    await box.pressSequentially(text.after)
    const written = `${text.before}@${ana.username} ${text.after}`
    await expect(box).toHaveValue(written)
    await benPage.getByRole('button', { name: text.send, exact: true }).click()
    await expect(box).toHaveValue('')

    // Ana's bell counts it within a few seconds, without reloading; on a phone so does Me.
    await expect(bell).toHaveAccessibleName(text.bellUnread, { timeout: 5_000 })
    await expect(bell).toContainText('1')
    if (lang === 'zh') {
      await expect(
        page.getByRole('navigation', { name: '标签栏' }).getByRole('link', { name: /我的$/ }),
      ).toHaveAccessibleName(/1 条未读通知/)
    }
    expect(await page.evaluate(() => Reflect.get(window, 'e2eNotReloaded'))).toBe(true)

    // The inbox says who mentioned her and how, and leads to the comment on the post's page.
    await bell.click()
    await expect(page).toHaveURL(/\/notifications$/)
    const row = page
      .getByRole('list', { name: text.inbox })
      .getByRole('link', { name: new RegExp(text.mentioned('Ben')) })
    await expect(row).toContainText(text.after)
    await row.click()
    await expect(page).toHaveURL(new RegExp(`/plaza/post/${post.id}#comment-[0-9a-f-]+$`))
    const commentId = new URL(page.url()).hash.slice(1)
    const comment = page.locator(`[id="${commentId}"]`)
    await expect(comment).toContainText(written)
    await expect(comment).toBeInViewport()
    // It was below the fold: the page scrolled to it.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await expect(bell).toHaveAccessibleName(text.bell)

    // The name in the comment is a link to Ana's profile.
    const mention = comment.getByRole('link', { name: `@${ana.username}`, exact: true })
    // As Markdown's links have it: the `@` as typed, not %40.
    await expect(mention).toHaveAttribute('href', `/profile/@${ana.username}`)
    await expectAccessible(page, 'the post at the mentioning comment')
    const href = (await mention.getAttribute('href'))!
    await mention.click()
    await expect(page).toHaveURL(new RegExp(`/profile/${ana.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Ana' })).toBeVisible()
    // The address as the link has it, loaded afresh (copied, shared), is her profile too.
    await page.goto(href)
    await expect(page).toHaveURL(new RegExp(`/profile/${ana.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Ana' })).toBeVisible()
    await cleo.close()
    await ben.close()
  })

  test(`a mention in a private group's reply reaches its member, who follows it to the reply, and not a stranger (${lang}) ${layoutOf(lang)}`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    // Olga's private group (by invite code) and her published article, long.
    const olga = await browserOf(browser, baseURL!, lang)
    await signUp(olga.request, baseURL!, 'olga', 'Olga')
    const created = await call<{ group: { id: string } }>(
      olga.request,
      baseURL!,
      'POST',
      '/api/groups',
      { name: `Readers ${tag()}`, visibility: 'private', joinPolicy: 'invite_code' },
    )
    const groupId = created.group.id
    const { group } = await call<{ group: { inviteCode: string | null } }>(
      olga.request,
      baseURL!,
      'POST',
      `/api/groups/${groupId}/invite-code`,
    )
    const { article } = await call<{ article: { id: string } }>(
      olga.request,
      baseURL!,
      'POST',
      `/api/groups/${groupId}/articles`,
      {
        title: text.title,
        body: Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1}.`).join('\n\n'),
      },
    )
    await call(
      olga.request,
      baseURL!,
      'POST',
      `/api/groups/${groupId}/articles/${article.id}/publish`,
    )
    // Twenty-one replies before hers: hers is on the replies' second page (20 a page), which the
    // article page loads to reach it, below the fold.
    const replies = `/api/groups/${groupId}/articles/${article.id}/replies`
    for (let n = 1; n <= 21; n++)
      await call(olga.request, baseURL!, 'POST', replies, { body: text.earlier(n) })

    // Mia, in this page, joins with the code; Sam, in a browser of his own, is no member.
    await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL! }])
    const mia = await signUp(page.request, baseURL!, 'mia', 'Mia')
    await call(page.request, baseURL!, 'POST', `/api/groups/${groupId}/join`, {
      code: group.inviteCode,
    })
    const sam = await browserOf(browser, baseURL!, lang)
    const samPage = await sam.newPage()
    const stranger = await signUp(samPage.request, baseURL!, 'sam', 'Sam')
    await openWithStream(page, '/')
    await openWithStream(samPage, '/')
    const bellOf = (p: Page) =>
      p.getByRole('banner').getByRole('link', { name: new RegExp(`^${text.bell}`) })
    await expect(bellOf(page)).toHaveAccessibleName(text.bell)
    await expect(bellOf(samPage)).toHaveAccessibleName(text.bell)

    // Olga's reply names both.
    const { reply } = await call<{ reply: { id: string } }>(
      olga.request,
      baseURL!,
      'POST',
      replies,
      {
        body: text.reply(mia.username, stranger.username),
      },
    )

    // Mia's bell counts it by itself; Sam's stays at nothing, and his inbox is empty.
    await expect(bellOf(page)).toHaveAccessibleName(text.bellUnread, { timeout: 5_000 })
    expect(await inboxOf(samPage, baseURL!)).toEqual({ unread: 0, kinds: [] })
    await expect(bellOf(samPage)).toHaveAccessibleName(text.bell)
    await samPage.goto('/notifications')
    await expect(samPage.getByText(text.empty)).toBeVisible()
    await expect(bellOf(samPage)).toHaveAccessibleName(text.bell)

    // Mia follows hers to the reply's anchor on the article's page.
    await bellOf(page).click()
    const row = page
      .getByRole('list', { name: text.inbox })
      .getByRole('link', { name: new RegExp(text.mentioned('Olga')) })
    await expect(row).toContainText(text.title)
    await expect(row).toContainText(text.reply(mia.username, stranger.username))
    await row.click()
    await expect(page).toHaveURL(
      new RegExp(`/group/${groupId}/article/${article.id}/display#reply-${reply.id}$`),
    )
    const target = page.locator(`[id="reply-${reply.id}"]`)
    await expect(target).toContainText(`@${mia.username}`)
    await expect(target).toBeInViewport()
    // The reply the link named is marked (the same outline as a comment's).
    await expect(target).toHaveAttribute('data-targeted', 'true')
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await expect(
      target.getByRole('link', { name: `@${mia.username}`, exact: true }),
    ).toHaveAttribute('href', `/profile/@${mia.username}`)
    expect(await inboxOf(page, baseURL!)).toEqual({ unread: 0, kinds: ['mentioned'] })
    await olga.close()
    await sam.close()
  })
}
