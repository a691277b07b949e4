import type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test'
import { call } from './api.ts'
import { signUp } from './groups-data.ts'
import { expect, expectAccessible, layoutOf, test } from './helpers.ts'
import { postByApi, signUpPoster } from './plaza-data.ts'

// Search (docs/api.md, issue 25) against the real server: a plaza post written in Chinese with a
// word in traditional characters is found by someone else typing the simplified word, from the
// header's box on desktop and from the top bar's button on a phone, its words marked; tabs,
// filters, Back and Forward keep the search; a private group's article and reply are found by
// its member and by nobody else.

/** A word nobody else has written: every search below names one, so no other test's data shows. */
function uniqueWord(): string {
  return `qz${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
}

/** How many results the server finds for `q` in `kind` for the signed-in user of `request`. */
async function hitCount(
  request: APIRequestContext,
  baseURL: string,
  kind: string,
  q: string,
): Promise<number> {
  const res = await request.get(`${baseURL}/api/search/${kind}`, { params: { q } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { hits: unknown[] }).hits.length
}

/** Waits until what was just written is searchable (the index is fed within about a second). */
async function untilFound(request: APIRequestContext, baseURL: string, kind: string, q: string) {
  await expect
    .poll(() => hitCount(request, baseURL, kind, q), { message: `${kind} for "${q}"` })
    .toBe(1)
}

/** Someone else, in a browser of their own, on the same layout. */
async function otherContext(browser: Browser, info: TestInfo, lang: 'zh' | 'en') {
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

/** A post by 林小溪 in Sichuan: a Chinese sentence, 圖書館 in traditional characters, `word`. */
async function postInChinese(browser: Browser, info: TestInfo, word: string) {
  const poster = await otherContext(browser, info, 'zh')
  const baseURL = info.project.use.baseURL!
  await signUpPoster(poster.request, baseURL, '林小溪')
  const body = `周末我们在锦江边的圖書館读书，学习很愉快。${word}`
  const post = await postByApi(poster.request, baseURL, { body, district: '510000' })
  await poster.close()
  return post
}

/** The texts of the marked words in a result. */
const marked = (result: Locator) => result.locator('mark').allTextContents()

/** The page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const { width, scrollWidth } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }))
  expect(scrollWidth, `${label}: scrolls sideways`).toBeLessThanOrEqual(width)
}

test(`a Chinese post is found from the header's box, its words marked; tabs, filters, Back and Forward keep the search ${layoutOf('en')}`, async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(90_000)
  const word = uniqueWord()
  const post = await postInChinese(browser, info, word)
  await page.context().addCookies([{ name: 'preference_language', value: 'en', url: baseURL! }])
  await signUpPoster(page.request, baseURL!, 'Ben', 'finder')
  // The simplified 图书馆 finds the traditional 圖書館.
  const q = `图书馆 ${word}`
  await untilFound(page.request, baseURL!, 'posts', q)

  await page.goto('/plaza')
  const box = page
    .getByRole('banner')
    .getByRole('search', { name: 'Search Courtyard' })
    .getByRole('textbox', { name: 'Search Courtyard' })
  await box.fill(q)
  await box.press('Enter')
  await expect(page).toHaveURL(
    (url) => url.pathname === '/search' && url.searchParams.get('q') === q,
  )
  const field = page.getByRole('main').getByRole('searchbox', { name: 'Words to find' })
  await expect(field).toHaveValue(q)
  const posts = page.getByRole('list', { name: 'Posts found' })
  const result = posts.getByRole('listitem')
  await expect(result).toHaveCount(1)
  await expect(result).toContainText('周末我们在锦江边的圖書館读书')
  expect(await marked(result)).toEqual(['圖書館', word])
  await expect(result).toContainText('林小溪')
  await expect(result).toContainText('Sichuan')
  await expectAccessible(page, 'search results (en, light)')

  // Another tab asks with the same words; what is typed and not yet sent stays in the field.
  await page.getByRole('tab', { name: 'Articles' }).click()
  await expect(page).toHaveURL((url) => url.searchParams.get('tab') === 'articles')
  expect(new URL(page.url()).searchParams.get('q')).toBe(q)
  await expect(page.getByText(`Nothing found for “${q}”.`)).toBeVisible()
  await field.fill('not sent yet')
  await page.getByRole('tab', { name: 'Posts' }).click()
  await expect(result).toHaveCount(1)
  await page.getByRole('combobox', { name: 'Time' }).selectOption({ label: 'Past week' })
  await expect(page).toHaveURL((url) => url.searchParams.get('since') === 'week')
  await expect(result).toHaveCount(1)
  // A province takes its own posts; another province has none of them.
  const province = page.getByRole('combobox', { name: 'Province' })
  await province.selectOption({ label: 'Sichuan' })
  await expect(page).toHaveURL((url) => url.searchParams.get('district') === '510000')
  await expect(result).toHaveCount(1)
  await province.selectOption({ label: 'Beijing' })
  await expect(page).toHaveURL((url) => url.searchParams.get('district') === '110000')
  await expect(page.getByText(`Nothing found for “${q}” with these filters.`)).toBeVisible()
  await expect(field).toHaveValue('not sent yet')
  expect(new URL(page.url()).searchParams.get('q')).toBe(q)

  // Back and Forward step through the searches, each with its filters and results.
  await page.goBack()
  await expect(province).toHaveValue('510000')
  await expect(result).toHaveCount(1)
  await page.goBack()
  await expect(province).toHaveValue('')
  await expect(page.getByRole('combobox', { name: 'Time' })).toHaveValue('week')
  await page.goForward()
  await page.goForward()
  await expect(province).toHaveValue('110000')
  await expect(page.getByText(`Nothing found for “${q}” with these filters.`)).toBeVisible()

  // A reload keeps it all; the field shows the search's words again.
  await page.reload()
  await expect(province).toHaveValue('110000')
  await expect(page.getByRole('combobox', { name: 'Time' })).toHaveValue('week')
  await expect(field).toHaveValue(q)
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await result.getByRole('link', { name: /圖書館/ }).click()
  await expect(page).toHaveURL(new RegExp(`/plaza/post/${post.id}$`))
  await expect(page.getByText('周末我们在锦江边的圖書館读书')).toBeVisible()
})

test(`on a phone the top bar's button opens the search page ready to type ${layoutOf('zh')}`, async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(90_000)
  const word = uniqueWord()
  await postInChinese(browser, info, word)
  const q = `图书馆 ${word}`
  // A visitor: search needs no account.
  await untilFound(page.request, baseURL!, 'posts', q)
  await page.context().addCookies([{ name: 'preference_language', value: 'zh', url: baseURL! }])
  await page.setViewportSize({ width: 360, height: 740 })

  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: '搜索' }).click()
  await expect(page).toHaveURL(/\/search$/)
  const field = page.getByRole('searchbox', { name: '要找的字词' })
  await expect(field).toBeFocused()
  await expect(page.getByText('想找点什么？')).toBeVisible()
  await field.fill(q)
  await field.press('Enter')
  const result = page.getByRole('list', { name: '找到的动态' }).getByRole('listitem')
  await expect(result).toHaveCount(1)
  expect(await marked(result)).toEqual(['圖書館', word])
  await expect(result).toContainText('四川省')
  // The keyboard steps aside for the results.
  await expect(field).not.toBeFocused()

  // The tabs and the result are big enough for a finger, and nothing is wider than the screen.
  for (const target of [
    page.getByRole('tab', { name: '用户' }),
    result.getByRole('link', { name: /圖書館/ }),
    result.getByRole('link', { name: '林小溪' }),
  ]) {
    const box = await target.boundingBox()
    expect(box?.height, 'a 44 px touch target').toBeGreaterThanOrEqual(44)
  }
  await expectNoSidewaysScroll(page, '/search at 360 px')
  await expectAccessible(page, 'search results (zh, light, phone)')

  await page.getByRole('tab', { name: '用户' }).click()
  await expect(page).toHaveURL((url) => url.searchParams.get('tab') === 'people')
  await expect(field).toHaveValue(q)
  await expect(page.getByText(`没有找到与“${q}”相关的内容。`, { exact: false })).toBeVisible()
  await page.getByRole('tab', { name: '动态' }).click()
  await expect(result).toHaveCount(1)
  await expectNoSidewaysScroll(page, '/search with the tabs at 360 px')
})

test(`a private group's article and reply are found by its member, not by anyone else ${layoutOf('en')}`, async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(90_000)
  const word = uniqueWord()
  // The owner, a private group, its article; a member who joined with the code and replied.
  const owner = await otherContext(browser, info, 'en')
  await signUp(owner.request, baseURL!, 'owner', 'Olga')
  const { group } = await call<{ group: { id: string; inviteCode: string } }>(
    owner.request,
    baseURL!,
    'POST',
    '/api/groups',
    {
      name: `Quiet readers ${word}`,
      description: 'Members only.',
      visibility: 'private',
      joinPolicy: 'invite_code',
    },
  )
  const { article } = await call<{ article: { id: string } }>(
    owner.request,
    baseURL!,
    'POST',
    `/api/groups/${group.id}/articles`,
    { title: `Lantern notes ${word}`, body: 'What we read by lantern light this winter.' },
  )
  await call(
    owner.request,
    baseURL!,
    'POST',
    `/api/groups/${group.id}/articles/${article.id}/publish`,
  )
  await owner.close()

  const member = await otherContext(browser, info, 'en')
  await signUp(member.request, baseURL!, 'member', 'Mei')
  await call(member.request, baseURL!, 'POST', `/api/groups/${group.id}/join`, {
    code: group.inviteCode,
  })
  const { reply } = await call<{ reply: { id: string } }>(
    member.request,
    baseURL!,
    'POST',
    `/api/groups/${group.id}/articles/${article.id}/replies`,
    { body: `The lantern chapter was the best ${word}` },
  )
  await untilFound(member.request, baseURL!, 'articles', word)
  await untilFound(member.request, baseURL!, 'replies', word)

  // Someone signed in who is not a member finds neither, nor the group.
  await page.context().addCookies([{ name: 'preference_language', value: 'en', url: baseURL! }])
  await signUp(page.request, baseURL!, 'stranger', 'Sam')
  await page.goto(`/search?q=${word}&tab=articles`)
  await expect(page.getByText(`Nothing found for “${word}”.`)).toBeVisible()
  await page.getByRole('tab', { name: 'Replies' }).click()
  await expect(page.getByText(`Nothing found for “${word}”.`)).toBeVisible()
  await page.getByRole('tab', { name: 'Groups' }).click()
  await expect(page.getByText(`Nothing found for “${word}”.`)).toBeVisible()

  // The member finds the article, and their reply with a link to it on the article's page.
  const mine = await member.newPage()
  await mine.goto(`/search?q=${word}&tab=articles`)
  const found = mine.getByRole('list', { name: 'Articles found' }).getByRole('listitem')
  await expect(found).toHaveCount(1)
  const title = found.getByRole('link', { name: `Lantern notes ${word}` })
  await expect(title).toHaveAttribute('href', `/group/${group.id}/article/${article.id}/display`)
  expect(await marked(found)).toEqual([word])
  await expect(found).toContainText(`in Quiet readers ${word}`)
  // Their groups are the group filter's choices.
  const groupFilter = mine.getByRole('combobox', { name: 'Group' })
  await groupFilter.selectOption({ label: `Quiet readers ${word}` })
  await expect(mine).toHaveURL((url) => url.searchParams.get('group') === group.id)
  await expect(found).toHaveCount(1)
  await mine.getByRole('tab', { name: 'Replies' }).click()
  const replyFound = mine.getByRole('list', { name: 'Replies found' }).getByRole('listitem')
  await expect(replyFound).toHaveCount(1)
  await expect(replyFound).toContainText(`Reply to “Lantern notes ${word}”`)
  const link = replyFound.getByRole('link', { name: /The lantern chapter was the best/ })
  await expect(link).toHaveAttribute(
    'href',
    `/group/${group.id}/article/${article.id}/display#reply-${reply.id}`,
  )
  await expectAccessible(mine, 'reply results (en, light)')
  await link.click()
  await expect(mine).toHaveURL(new RegExp(`#reply-${reply.id}$`))
  await expect(mine.getByText(`The lantern chapter was the best ${word}`)).toBeVisible()
  await member.close()
})
