import type { APIRequestContext, Browser, TestInfo } from '@playwright/test'
import enCommon from '../src/locales/en/common.json' with { type: 'json' }
import enNotifications from '../src/locales/en/notifications.json' with { type: 'json' }
import enPlaza from '../src/locales/en/plaza.json' with { type: 'json' }
import enReports from '../src/locales/en/reports.json' with { type: 'json' }
import zhCommon from '../src/locales/zh/common.json' with { type: 'json' }
import zhPlaza from '../src/locales/zh/plaza.json' with { type: 'json' }
import zhReports from '../src/locales/zh/reports.json' with { type: 'json' }
import { call } from './api.ts'
import { signUp } from './groups-data.ts'
import { ADMIN, expect, expectAccessible, layoutOf, test } from './helpers.ts'
import { postByApi } from './plaza-data.ts'

// Hold and hide (docs/moderation.md, "Hold and hide" and "Reports"): what the word list holds,
// or a moderator hides, is kept for its author alone, marked for them; nobody else sees it. A
// held post waits in the site's queue marked as the word list's, and releasing it shows it to
// everyone; a reported post hidden from the queue stays its author's, and the reporter is told
// the outcome.

type Lang = 'zh' | 'en'

/** Someone else's browser, with this project's viewport and device, in `lang`. */
async function otherContext(browser: Browser, info: TestInfo, lang: Lang) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
  })
  await context.addCookies([{ name: 'preference_language', value: lang, url: baseURL! }])
  return context
}

async function signInAsAdmin(request: APIRequestContext, baseURL: string) {
  const res = await request.post(`${baseURL}/api/auth/username/login`, {
    data: ADMIN,
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
}

/**
 * The administrator signed in in `request` lists `phrase` as "hold". The server's filter loads
 * the list every 2 s: the answer waits until a check finds it (as
 * app-server/tests/api/word_checks.rs), so a test can do other things first.
 */
async function holdWord(
  request: APIRequestContext,
  baseURL: string,
  phrase: string,
): Promise<() => Promise<void>> {
  await call(request, baseURL, 'POST', '/api/admin/words', { phrase, action: 'hold' })
  return () =>
    expect
      .poll(
        async () => {
          const { hits } = await call<{ hits: Array<{ action: string }> }>(
            request,
            baseURL,
            'POST',
            '/api/admin/words/check',
            { text: phrase },
          )
          return hits.map((hit) => hit.action)
        },
        { message: `the filter holds ${phrase}`, timeout: 10_000 },
      )
      .toEqual(['hold'])
}

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [key, value]) => s.replace(`{{${key}}}`, value), text)

test(`a post the word list holds is its author's alone until an administrator releases it ${layoutOf('zh')}`, async ({
  page,
  browser,
}, info) => {
  // 10–22 s alone; up to twice that while the other shard runs on the same two cores.
  test.setTimeout(60_000)
  const baseURL = info.project.use.baseURL!
  const digits = `${Date.now() % 1e9}${Math.floor(Math.random() * 1e3)}`
  // A made-up Chinese phrase: CJK matches anywhere, and the digits make it this run's own
  // (a listed key cannot be listed twice). The full-width comma after it ends the digits.
  const word = `暗号审核${digits}`
  const text = `路过${word}，风景不错`
  const admin = await otherContext(browser, info, 'zh')
  const bobContext = await otherContext(browser, info, 'zh')
  try {
    const adminPage = await admin.newPage()
    await signInAsAdmin(adminPage.request, baseURL)
    const inForce = await holdWord(adminPage.request, baseURL, word)

    const bobPage = await bobContext.newPage()
    await signUp(bobPage.request, baseURL, 'bob', `博 ${digits}`)
    const bobsOwn = `博的帖子 ${digits}`
    await postByApi(bobPage.request, baseURL, { body: bobsOwn })

    // Ann posts through the composer: saved, but told it waits for review.
    await page.context().addCookies([{ name: 'preference_language', value: 'zh', url: baseURL }])
    await signUp(page.request, baseURL, 'ann', `安 ${digits}`)
    await page.goto('/plaza')
    await inForce()
    await page.getByRole('textbox', { name: zhPlaza.composer.text }).fill(text)
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/plaza/posts') && r.request().method() === 'POST',
    )
    await page.getByRole('button', { name: zhPlaza.composer.post, exact: true }).click()
    const answer = await created
    expect(answer.status(), await answer.text()).toBe(201)
    const { post } = (await answer.json()) as { post: { id: string; withheld: string | null } }
    expect(post.withheld).toBe('held')
    await expect(page.getByText(zhPlaza.composer.postedHeld)).toBeVisible()

    // In her feed, marked for her alone.
    const mine = page.getByRole('feed').getByRole('article').filter({ hasText: text })
    await expect(mine).toBeVisible()
    await expect(mine.getByText(zhCommon.withheld.held, { exact: true })).toBeVisible()
    await expect(mine.getByText(zhCommon.withheld.heldHint)).toBeVisible()
    await expectAccessible(page, '/plaza, a held post')

    // Bob sees his own post, not hers, and her post's address is not found for him.
    await bobPage.goto('/plaza')
    await expect(bobPage.getByRole('feed').getByText(bobsOwn)).toBeVisible()
    await expect(bobPage.getByText(text)).toHaveCount(0)
    const hidden = await bobPage.request.get(`${baseURL}/api/plaza/posts/${post.id}`)
    expect(hidden.status()).toBe(404)

    // The site's queue has the case, marked as the word list's, with the word and no report.
    await adminPage.goto('/admin/reports')
    await expect(
      adminPage.getByRole('heading', { level: 1, name: zhReports.queue.title }),
    ).toBeVisible()
    const item = adminPage.getByRole('listitem').filter({ hasText: text })
    await expect(item).toContainText(zhReports.queue.held)
    await expect(item).toContainText(zhReports.queue.heldWords)
    await expect(item.locator('mark')).toHaveText([word])
    await expect(item).not.toContainText(fill(zhReports.queue.reports_other, { count: '0' }))
    await expect(
      item.getByRole('button', { name: zhReports.actions.dismiss, exact: true }),
    ).toHaveCount(0)
    await expectAccessible(adminPage, '/admin/reports, a held case')

    // Release, after confirming.
    await item.getByRole('button', { name: zhReports.actions.release, exact: true }).click()
    const confirm = adminPage.getByRole('alertdialog', {
      name: fill(zhReports.queue.closeTitle, { action: zhReports.actions.release }),
    })
    await expect(confirm).toContainText(zhReports.queue.closeBody.release)
    await confirm.getByRole('button', { name: zhReports.actions.release, exact: true }).click()
    await expect(confirm).toBeHidden()
    await expect(
      adminPage.getByText(
        fill(zhReports.queue.closedToast, { action: zhReports.closedAs.release }),
      ),
    ).toBeVisible()
    await expect(item).toHaveCount(0)

    // Everyone sees it now; Ann's is no longer marked.
    await bobPage.reload()
    await expect(
      bobPage.getByRole('feed').getByRole('article').filter({ hasText: text }),
    ).toBeVisible()
    await page.reload()
    await expect(mine).toBeVisible()
    await expect(mine.getByText(zhCommon.withheld.held, { exact: true })).toHaveCount(0)
  } finally {
    await admin.close()
    await bobContext.close()
  }
})

test(`a comment the word list holds is shown to its author alone, and tells nobody ${layoutOf('en')}`, async ({
  page,
  browser,
}, info) => {
  // 10–22 s alone; up to twice that while the other shard runs on the same two cores.
  test.setTimeout(60_000)
  const baseURL = info.project.use.baseURL!
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  // A Latin entry matches whole words only: nothing of a letter or digit either side of it.
  const word = `zorblax${stamp}`
  const text = `Try ${word} today!`
  const admin = await otherContext(browser, info, 'en')
  const bobContext = await otherContext(browser, info, 'en')
  try {
    const adminPage = await admin.newPage()
    await signInAsAdmin(adminPage.request, baseURL)
    const inForce = await holdWord(adminPage.request, baseURL, word)
    const bobPage = await bobContext.newPage()
    await signUp(bobPage.request, baseURL, 'bob', `Bob ${stamp}`)
    const post = await postByApi(bobPage.request, baseURL, { body: `Any tips? ${stamp}` })

    // Ann comments on Bob's post: her comment shows, for her, under review.
    await page.context().addCookies([{ name: 'preference_language', value: 'en', url: baseURL }])
    await signUp(page.request, baseURL, 'ann', `Ann ${stamp}`)
    await page.goto(`/plaza/post/${post.id}`)
    const comments = page.getByRole('region', { name: enPlaza.comments.label })
    await expect(comments.getByText(enPlaza.comments.empty)).toBeVisible()
    await inForce()
    await page.getByRole('textbox', { name: enPlaza.comments.write }).fill(text)
    await page.getByRole('button', { name: enPlaza.comments.send, exact: true }).click()
    const mine = comments.getByRole('listitem').filter({ hasText: text })
    await expect(mine.getByText(enCommon.withheld.held, { exact: true })).toBeVisible()
    await expect(mine.getByText(enCommon.withheld.heldHint)).toBeVisible()
    await page.reload()
    await expect(mine.getByText(enCommon.withheld.held, { exact: true })).toBeVisible()

    // Bob, the post's author, neither sees it nor is told of it.
    await bobPage.goto(`/plaza/post/${post.id}`)
    const theirs = bobPage.getByRole('region', { name: enPlaza.comments.label })
    await expect(theirs.getByText(enPlaza.comments.empty)).toBeVisible()
    await expect(bobPage.getByText(text)).toHaveCount(0)
    await bobPage.goto('/notifications')
    await expect(bobPage.getByText(enNotifications.inbox.empty)).toBeVisible()

    // The site's queue: a plaza comment held for the word, linked to where it lives.
    await adminPage.goto('/admin/reports')
    const item = adminPage.getByRole('listitem').filter({ hasText: text })
    await expect(item).toContainText(enReports.kinds.comment)
    await expect(item).toContainText(enReports.queue.held)
    await expect(item.locator('mark')).toHaveText([word])
    await expect(
      item.getByRole('link', {
        name: fill(enReports.queue.viewLabel, { kind: enReports.kinds.comment }),
      }),
    ).toHaveAttribute('href', new RegExp(`^/plaza/post/${post.id}#comment-[0-9a-f-]+$`))
    await expect(item.getByRole('button', { name: enReports.actions.release })).toBeVisible()
  } finally {
    await admin.close()
    await bobContext.close()
  }
})

test(`a reported post hidden from the site's queue stays its author's; the reporter is told ${layoutOf('en')}`, async ({
  page,
  browser,
}, info) => {
  // 10–22 s alone; up to twice that while the other shard runs on the same two cores.
  test.setTimeout(60_000)
  const baseURL = info.project.use.baseURL!
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const text = `Everyone on my street is an idiot ${stamp}`
  const note = `Keep it civil, please ${stamp}`
  const admin = await otherContext(browser, info, 'en')
  const bobContext = await otherContext(browser, info, 'en')
  try {
    await page.context().addCookies([{ name: 'preference_language', value: 'en', url: baseURL }])
    await signUp(page.request, baseURL, 'ann', `Ann ${stamp}`)
    const post = await postByApi(page.request, baseURL, { body: text })

    // Bob reports it.
    const bobPage = await bobContext.newPage()
    await signUp(bobPage.request, baseURL, 'bob', `Bob ${stamp}`)
    const bobsOwn = `Bob's own post ${stamp}`
    await postByApi(bobPage.request, baseURL, { body: bobsOwn })
    await call(bobPage.request, baseURL, 'POST', '/api/reports', {
      kind: 'post',
      id: post.id,
      reason: 'abuse',
    })

    // The administrator hides it from the queue, with a note.
    const adminPage = await admin.newPage()
    await signInAsAdmin(adminPage.request, baseURL)
    await adminPage.goto('/admin/reports')
    const item = adminPage.getByRole('listitem').filter({ hasText: text })
    await expect(item).toContainText(enReports.queue.reports_one.replace('{{count}}', '1'))
    await expect(item).not.toContainText(enReports.queue.held)
    await item.getByRole('button', { name: enReports.actions.hide, exact: true }).click()
    const confirm = adminPage.getByRole('alertdialog', {
      name: fill(enReports.queue.closeTitle, { action: enReports.actions.hide }),
    })
    await expect(confirm).toContainText(enReports.queue.closeBody.hide)
    await confirm.getByRole('textbox', { name: enReports.queue.noteLabel }).fill(note)
    await confirm.getByRole('button', { name: enReports.actions.hide, exact: true }).click()
    await expect(confirm).toBeHidden()
    await expect(
      adminPage.getByText(fill(enReports.queue.closedToast, { action: enReports.closedAs.hide })),
    ).toBeVisible()
    await expect(item).toHaveCount(0)
    await adminPage.getByRole('button', { name: enReports.queue.closed, exact: true }).click()
    const closed = adminPage.getByRole('listitem').filter({ hasText: text })
    await expect(closed).toContainText(enReports.closedAs.hide)
    await expect(closed).toContainText(fill(enReports.queue.closedNote, { note }))

    // Gone for Bob: not in the plaza, and its address is not found.
    await bobPage.goto('/plaza')
    await expect(bobPage.getByRole('feed').getByText(bobsOwn)).toBeVisible()
    await expect(bobPage.getByText(text)).toHaveCount(0)
    const gone = await bobPage.request.get(`${baseURL}/api/plaza/posts/${post.id}`)
    expect(gone.status()).toBe(404)

    // Ann still has it, marked hidden, in the plaza and on its page.
    await page.goto('/plaza')
    const mine = page.getByRole('feed').getByRole('article').filter({ hasText: text })
    await expect(mine.getByText(enCommon.withheld.hidden, { exact: true })).toBeVisible()
    await expect(mine.getByText(enCommon.withheld.hiddenHint)).toBeVisible()
    await page.goto(`/plaza/post/${post.id}`)
    const single = page.getByRole('article').filter({ hasText: text })
    await expect(single.getByText(enCommon.withheld.hidden, { exact: true })).toBeVisible()
    await expectAccessible(page, '/plaza/post/$postId, hidden, its author')
    // She is told why.
    await page.goto('/notifications')
    await expect(
      page
        .getByRole('list', { name: enNotifications.inbox.title })
        .getByRole('listitem')
        .filter({ hasText: fill(enNotifications.reason, { reason: note }) }),
    ).toBeVisible()

    // Bob is told the outcome, never by whom.
    await bobPage.goto('/notifications')
    const outcome = bobPage
      .getByRole('list', { name: enNotifications.inbox.title })
      .getByRole('listitem')
      .filter({ hasText: enNotifications.sentence.reportDecidedAs.hide })
    await expect(outcome).toBeVisible()
    await expect(outcome).not.toContainText(ADMIN.username)
    await expectAccessible(bobPage, '/notifications, a report decided')
  } finally {
    await admin.close()
    await bobContext.close()
  }
})
