import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test'
import zhGroups from '../src/locales/zh/groups.json' with { type: 'json' }
import { pngFile } from './images.ts'
import { expect, test, FAKES, register, uniqueName, uniqueOpenId } from './helpers.ts'

// Groups (docs/frontend.md, "Groups"): creating one, asking to join and being approved as an
// admin, bans that keep someone out, invite links (also through WeChat's sign-in), settings.
// Each test registers its own people and groups, against the real server.

const PASSWORD = 'e2e-password-123'

/** Another person in their own browser, on the same device type as the test's project. */
async function secondBrowser(browser: Browser, info: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = info.project.use
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
  })
  return { context, page: await context.newPage() }
}

/** Signs `username` in through the API in this page's context (its cookies). */
async function apiRegister(request: APIRequestContext, baseURL: string, username: string) {
  const res = await request.post(`${baseURL}/api/auth/username/register`, {
    data: { username, password: PASSWORD },
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(201)
}

/** On phones the header's navigation is hidden; the list is reached by its address there. */
async function openGroups(page: Page, info: TestInfo) {
  if (info.project.name === 'phone') {
    await page.goto('/group')
  } else {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Groups' })
      .click()
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible()
}

test('@phone a private group: a request with a message, approved as admin, then a ban keeps them out', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(90_000)
  // The owner creates a private group; it asks for approval (a private group cannot be open).
  const owner = uniqueName('own')
  await page.goto('/')
  await register(page, owner, PASSWORD)
  await openGroups(page, info)
  await page.getByRole('button', { name: 'Create group' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Create a group' })
  const name = `读书会 ${owner}`
  await dialog.getByLabel('Name', { exact: true }).fill(name)
  await dialog
    .getByLabel('Description', { exact: true })
    .fill('每月读一本书。We read a book a month.')
  await dialog.getByText('Private', { exact: true }).click()
  await expect(dialog.getByRole('radio', { name: /^Open/ })).toBeDisabled()
  await expect(dialog.getByRole('radio', { name: /^Approval/ })).toBeChecked()
  await dialog.getByRole('button', { name: 'Create group' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const groupId = new URL(page.url()).pathname.split('/')[2]!
  const header = page.locator('main header').first()
  await expect(header.getByText('Private', { exact: true })).toBeVisible()
  await expect(header.getByText('You own this group')).toBeVisible()

  // An article the members will read (written through the API: the editor has its own spec).
  const origin = { Origin: baseURL! }
  const made = await page.request.post(`${baseURL}/api/groups/${groupId}/articles`, {
    data: { title: 'Our March books', body: 'Three books.' },
    headers: origin,
  })
  expect(made.status(), await made.text()).toBe(201)
  const { article } = (await made.json()) as { article: { id: string } }
  const published = await page.request.post(
    `${baseURL}/api/groups/${groupId}/articles/${article.id}/publish`,
    { headers: origin },
  )
  expect(published.status(), await published.text()).toBe(200)

  // Someone else finds a closed door, and asks to come in with a message.
  const reader = uniqueName('rdr')
  const other = await secondBrowser(browser, info)
  await other.page.goto(`/group/${groupId}`)
  await register(other.page, reader, PASSWORD)
  const them = other.page
  await expect(them.getByRole('heading', { name: 'For members only' })).toBeVisible()
  await expect(them.getByText('Our March books')).toHaveCount(0)
  await them.getByRole('link', { name: 'Ask to join' }).first().click()
  await expect(them).toHaveURL(new RegExp(`/group/${groupId}/join$`))
  await them.getByLabel("Message to the group's managers").fill('我也喜欢读书，想加入。')
  await them.getByRole('button', { name: 'Send request' }).click()
  await expect(them.getByRole('heading', { name: 'Your request is waiting' })).toBeVisible()

  // The owner approves, as an admin.
  await page.goto(`/group/${groupId}/members`)
  await expect(page.getByRole('tab', { name: /Requests/ })).toHaveAttribute('aria-selected', 'true')
  const requestRow = page
    .getByRole('list', { name: 'Requests to join' })
    .getByRole('listitem', { name: reader })
  await expect(requestRow).toContainText('我也喜欢读书，想加入。')
  await requestRow.getByLabel(`Role for ${reader}`).selectOption('admin')
  await requestRow.getByRole('button', { name: `Approve ${reader}` }).click()
  await expect(page.getByText(`${reader} joined as Admin.`)).toBeVisible()
  await expect(page.getByText('No requests are waiting.')).toBeVisible()
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(
    page.getByRole('list', { name: 'All requests' }).getByRole('listitem', { name: reader }),
  ).toContainText('Approved as Admin')

  // The new admin now reads the group.
  await them.goto(`/group/${groupId}`)
  await expect(them.getByRole('link', { name: 'Our March books' })).toBeVisible()
  await expect(them.locator('main header').first().getByText("You're an admin")).toBeVisible()
  await expect(
    them
      .getByRole('navigation', { name: 'Group sections' })
      .getByRole('link', { name: 'Settings' }),
  ).toBeVisible()

  // The owner bans them (the owner may ban an admin), after confirming.
  await page.getByRole('tab', { name: 'Members' }).click()
  const members = page.getByRole('list', { name: 'Members' })
  await members.getByRole('button', { name: `Actions for ${reader}` }).click()
  await page.getByRole('menuitem', { name: 'Ban' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Ban ${reader}?` })
  await confirm.getByRole('button', { name: 'Ban' }).click()
  await expect(page.getByText(`${reader} is banned.`)).toBeVisible()
  await expect(members.getByRole('listitem', { name: reader })).toHaveCount(0)
  await page.getByRole('tab', { name: 'Banned' }).click()
  await expect(
    page.getByRole('list', { name: 'Banned people' }).getByRole('listitem', { name: reader }),
  ).toBeVisible()

  // Out, and refused: the page says so, and the server refuses a join even with the invite code.
  await them.reload()
  await expect(
    them.getByText('This group is private, and you have been banned from it.'),
  ).toBeVisible()
  await expect(them.getByText('Our March books')).toHaveCount(0)
  await them.goto(`/group/${groupId}/join`)
  await expect(them.getByRole('heading', { name: "You can't join this group" })).toBeVisible()
  const group = (await (await page.request.get(`${baseURL}/api/groups/${groupId}`)).json()) as {
    group: { inviteCode: string }
  }
  const refused = await them.request.post(`${baseURL}/api/groups/${groupId}/join`, {
    data: { code: group.group.inviteCode },
    headers: origin,
  })
  expect(refused.status()).toBe(403)
  expect(((await refused.json()) as { code: string }).code).toBe('banned_from_group')
  await other.context.close()
})

test('an invite link opened in WeChat: WeChat sign-in, back on the join page with the code, joined', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // The owner makes a private group that takes an invite code.
  await apiRegister(page.request, baseURL!, uniqueName('inv'))
  const created = await page.request.post(`${baseURL}/api/groups`, {
    data: { name: `Invite ${uniqueName('g')}`, visibility: 'private', joinPolicy: 'invite_code' },
    headers: { Origin: baseURL! },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { group } = (await created.json()) as { group: { id: string; inviteCode: string } }
  await page.goto(`/group/${group.id}/settings`)
  const link = `${baseURL}/group/${group.id}/join?code=${group.inviteCode}`
  await expect(page.getByLabel('Invite link', { exact: true })).toHaveValue(link)

  // A WeChat user opens the link: WeChat's sign-in (the fake agrees at once) brings them back.
  const openid = uniqueOpenId()
  const nickname = uniqueName('微信')
  const identity = await request.get(`${FAKES}/__fake/wechat/identity`, {
    params: { openid, nickname },
  })
  expect(identity.ok()).toBe(true)
  const wechat = await browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI Language/zh_CN',
  })
  const visitor = await wechat.newPage()
  const known = visitor.waitForResponse(async (res) => {
    if (new URL(res.url()).pathname !== '/api/auth/token') return false
    const body = (await res.json().catch(() => null)) as { wechatOpenId?: string } | null
    return body?.wechatOpenId === openid
  })
  await visitor.goto(link)
  await known
  // Back from WeChat on the invite link (WeChat's authorize URL ends in #wechat_redirect, and a
  // fragment survives redirects).
  const sameLink = (url: URL) => url.href.replace(/#.*$/, '') === link
  await expect(visitor).toHaveURL(sameLink)
  await visitor.getByRole('button', { name: 'Log in to join' }).click()
  const login = visitor.getByRole('dialog', { name: 'Log in to Courtyard' })
  await login.getByRole('button', { name: 'Create a new account with WeChat' }).click()
  await expect(login).toBeHidden()

  // Signed in, still on the join page, the link's code filled in.
  await expect(visitor).toHaveURL(sameLink)
  await expect(visitor.getByLabel('Invite code')).toHaveValue(group.inviteCode)
  await visitor.getByRole('button', { name: 'Join group' }).click()
  await expect(visitor).toHaveURL(new RegExp(`/group/${group.id}$`))
  await expect(visitor.locator('main header').first().getByText("You're a member")).toBeVisible()
  await wechat.close()
})

test('a wrong invite code gets the server’s message; settings: cover, new code, transfer, delete', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(60_000)
  const owner = uniqueName('set')
  await apiRegister(page.request, baseURL!, owner)
  const created = await page.request.post(`${baseURL}/api/groups`, {
    data: { name: `Settings ${owner}`, visibility: 'public', joinPolicy: 'invite_code' },
    headers: { Origin: baseURL! },
  })
  const { group } = (await created.json()) as { group: { id: string; inviteCode: string } }

  // Someone with a wrong code.
  const other = await secondBrowser(browser, info)
  const member = uniqueName('mem')
  await apiRegister(other.page.request, baseURL!, member)
  await other.page.goto(`/group/${group.id}/join?code=WRONGCDE`)
  await expect(other.page.getByLabel('Invite code')).toHaveValue('WRONGCDE')
  await other.page.getByRole('button', { name: 'Join group' }).click()
  await expect(other.page.getByText('The invite code is not right')).toBeVisible()
  await expect(other.page.getByLabel('Invite code')).toHaveAttribute('aria-invalid', 'true')
  // With the right one they are in.
  await other.page.getByLabel('Invite code').fill(group.inviteCode.toLowerCase())
  await other.page.getByRole('button', { name: 'Join group' }).click()
  await expect(other.page.getByText(`Welcome to Settings ${owner}!`)).toBeVisible()

  // The owner's settings: a cover, a new code (the old link stops working), transfer, delete.
  await page.goto(`/group/${group.id}/settings`)
  const cover = page.getByRole('region', { name: 'Cover image' })
  await cover
    .locator('input[type="file"]')
    .setInputFiles(pngFile('cover.png', 1000, 400, [40, 120, 90]))
  await expect(page.getByText('The cover is updated.')).toBeVisible()
  await expect(cover.getByRole('button', { name: 'Replace cover' })).toBeVisible()
  await expect(page.locator('main header img').first()).toHaveAttribute('src', /^\/api\/media\//)

  const invite = page.getByRole('region', { name: 'Invite code' })
  await invite.getByRole('button', { name: 'Make a new code' }).click()
  await page
    .getByRole('alertdialog', { name: 'Make a new invite code?' })
    .getByRole('button', { name: 'Make a new code' })
    .click()
  await expect(page.getByText('A new invite code is ready.')).toBeVisible()
  await expect(invite.getByLabel('Invite link', { exact: true })).not.toHaveValue(
    new RegExp(group.inviteCode),
  )

  const transfer = page.getByRole('region', { name: 'Transfer ownership' })
  await transfer.getByLabel('New owner').selectOption({ label: `${member} (@${member}) · Member` })
  await transfer.getByRole('button', { name: 'Offer ownership' }).click()
  await page
    .getByRole('alertdialog', { name: `Offer Settings ${owner} to ${member}?` })
    .getByRole('button', { name: 'Send the offer' })
    .click()
  await expect(page.getByText(`${member} has been asked to take over the group.`)).toBeVisible()
  await expect(transfer.getByText(`Waiting for ${member} to accept ownership`)).toBeVisible()

  // The member accepts the offer on the group's page and becomes the owner.
  await other.page.goto(`/group/${group.id}`)
  await other.page
    .getByRole('region', { name: `${owner} offers you this group` })
    .getByRole('button', { name: 'Accept ownership' })
    .click()
  await expect(other.page.getByText(`You now own Settings ${owner}.`)).toBeVisible()
  await page.reload()
  await expect(page.getByRole('region', { name: 'Transfer ownership' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Delete this group' })).toHaveCount(0)

  // The new owner deletes it; the list no longer has it.
  await other.page.goto(`/group/${group.id}/settings`)
  await other.page
    .getByRole('region', { name: 'Delete this group' })
    .getByRole('button', { name: 'Delete group' })
    .click()
  await other.page
    .getByRole('alertdialog', { name: `Delete “Settings ${owner}”?` })
    .getByRole('button', { name: 'Delete group' })
    .click()
  await expect(other.page).toHaveURL(/\/group$/)
  await expect(other.page.getByText(`“Settings ${owner}” was deleted.`)).toBeVisible()
  await other.page.goto(`/group/${group.id}`)
  await expect(other.page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await other.context.close()
})

test('in Chinese: an open public group is joined at once and left again', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const zh = zhGroups
  await page.context().addCookies([{ name: 'preference_language', value: 'zh', url: baseURL! }])
  await apiRegister(page.request, baseURL!, uniqueName('zh'))
  await page.goto('/group')
  await expect(page.getByRole('heading', { level: 1, name: zh.list.title })).toBeVisible()
  await page.getByRole('button', { name: zh.create.open }).first().click()
  const dialog = page.getByRole('dialog', { name: zh.create.title })
  const name = `徒步 ${uniqueName('')}`
  await dialog.getByLabel(zh.form.name, { exact: true }).fill(name)
  await dialog.getByRole('button', { name: zh.create.submit }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

  const other = await secondBrowser(browser, info)
  await other.context.addCookies([{ name: 'preference_language', value: 'zh', url: baseURL! }])
  await apiRegister(other.page.request, baseURL!, uniqueName('zh'))
  // Found by searching part of its name in Chinese.
  await other.page.goto('/group')
  await other.page.getByRole('searchbox', { name: zh.list.search }).fill(name.slice(0, 4))
  await other.page
    .getByRole('list', { name: zh.list.results.replace('{{query}}', name.slice(0, 4)) })
    .getByRole('link', { name })
    .click()
  await other.page.getByRole('button', { name: zh.join.action.open, exact: true }).click()
  await expect(other.page.getByText(zh.join.joined.replace('{{name}}', name))).toBeVisible()
  await expect(
    other.page.locator('main header').first().getByText(zh.standing.member),
  ).toBeVisible()

  await other.page.getByRole('button', { name: zh.leave.action, exact: true }).click()
  await other.page
    .getByRole('alertdialog', { name: zh.leave.title.replace('{{name}}', name) })
    .getByRole('button', { name: zh.leave.confirm })
    .click()
  await expect(other.page.getByText(zh.leave.done.replace('{{name}}', name))).toBeVisible()
  await expect(
    other.page.getByRole('button', { name: zh.join.action.open, exact: true }),
  ).toBeVisible()
  await other.context.close()
})
