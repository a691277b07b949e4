import type { APIRequestContext, Cookie, Locator, Page } from '@playwright/test'
import {
  expect,
  test,
  accountMenu,
  FAKES,
  logInByUsername,
  logOut,
  openLogin,
  registerByApi,
  uniqueName,
  uniqueOpenId,
  switchToUsernameMode,
} from './helpers.ts'

// WeChat's in-app browser: the server answers /api/auth/token with an authUrl, the SPA follows it
// to the fake WeChat (e2e/fakes.mjs), which "agrees" at once and sends the browser back through
// /api/auth/wechat/callback with who the fake says the person is.
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI Language/zh_CN'

test.use({ userAgent: WECHAT_UA })

/** Makes the fake WeChat say the next OAuth round trip is this person. */
async function beWechatUser(request: APIRequestContext, openid: string, nickname: string) {
  const res = await request.get(`${FAKES}/__fake/wechat/identity`, {
    params: { openid, nickname },
  })
  expect(res.ok()).toBe(true)
}

/** Opens / in WeChat and waits until the SPA is back from WeChat OAuth knowing the openid. */
async function openInWechat(page: Page, openid: string) {
  const known = page.waitForResponse(async (res) => {
    if (new URL(res.url()).pathname !== '/api/auth/token') return false
    // The first answer (with the authUrl) is gone once the browser left for WeChat.
    const body = (await res.json().catch(() => null)) as { wechatOpenId?: string } | null
    return body?.wechatOpenId === openid
  })
  await page.goto('/')
  await known
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
}

/** The username of the signed-in account, as its account menu shows it (`@name`). */
async function usernameIn(page: Page, nickname: string): Promise<string> {
  await accountMenu(page, nickname).click()
  const menu = page.getByRole('menu')
  const username = (await menu.getByText(/^@/).textContent()) ?? ''
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  return username
}

/** The WeChat proof cookie this browser holds, if any. */
async function wechatProof(page: Page): Promise<Cookie | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'courtyard_wechat')
}

function wechatCard(page: Page): Locator {
  return page.getByRole('region', { name: 'WeChat' })
}

test('an unlinked WeChat creates an account; the same WeChat then logs in to it', async ({
  page,
  browser,
  request,
}) => {
  const openid = uniqueOpenId()
  const nickname = uniqueName('微信')
  await beWechatUser(request, openid, nickname)
  await openInWechat(page, openid)

  // CREATE: the dialog opens on the WeChat panel.
  let dialog = await openLogin(page)
  await expect(dialog.getByText(/not linked to a Courtyard account yet/)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Log in with WeChat' })).toHaveCount(0)
  await expect(
    dialog.getByRole('button', { name: 'Use another account or bind an existing one' }),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Create a new account with WeChat' }).click()
  await expect(dialog).toBeHidden() // after about 300 ms (spec §2.3)
  await expect(
    page.getByRole('status').filter({ hasText: `Welcome to Courtyard, ${nickname}!` }),
  ).toBeVisible()
  const username = await usernameIn(page, nickname)
  expect(username).toMatch(/^@\S+$/)

  await page.goto('/settings/account')
  await expect(wechatCard(page).getByText('Linked', { exact: true })).toBeVisible()

  // LOG IN: another browser in WeChat, same openid, is offered 'log in with WeChat'.
  await beWechatUser(request, openid, nickname)
  const second = await browser.newContext({ userAgent: WECHAT_UA })
  const other = await second.newPage()
  await openInWechat(other, openid)
  dialog = await openLogin(other)
  await expect(dialog.getByText(/this WeChat is linked to a Courtyard account/)).toBeVisible()
  await expect(
    dialog.getByRole('button', { name: 'Create a new account with WeChat' }),
  ).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Log in with WeChat' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    other.getByRole('status').filter({ hasText: `Welcome back, ${nickname}!` }),
  ).toBeVisible()
  expect(await usernameIn(other, nickname)).toBe(username)
  await second.close()
})

test('bind WeChat to an existing account by logging in to it with the toggle on', async ({
  page,
  request,
  baseURL,
}) => {
  const name = uniqueName('wx')
  await registerByApi(request, baseURL!, name, 'first-password-1')
  const openid = uniqueOpenId()
  await beWechatUser(request, openid, uniqueName('微信'))
  await openInWechat(page, openid)

  const dialog = await openLogin(page)
  await dialog.getByRole('button', { name: 'Use another account or bind an existing one' }).click()
  // The login forms, with the 'bind' toggle, on by default (spec §2.3), in either mode.
  const toggle = dialog.getByRole('switch', { name: /Link this WeChat/ })
  await expect(dialog.getByLabel('Phone number', { exact: true })).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  // WeChat is among the other login methods, and leads back to the panel.
  await expect(dialog.getByRole('button', { name: 'WeChat', exact: true })).toBeVisible()

  await switchToUsernameMode(dialog)
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  await dialog.getByLabel('Username').fill(name)
  await dialog.getByLabel('Password', { exact: true }).fill('first-password-1')
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: `Welcome back, ${name}!` })).toBeVisible()

  await accountMenu(page, name).click()
  await page.getByRole('menuitem', { name: 'Account settings' }).click()
  await expect(wechatCard(page).getByText('Linked', { exact: true })).toBeVisible()
  await expect(wechatCard(page).getByRole('button', { name: 'Unbind' })).toBeVisible()
  // What the server holds, not only what this page remembers.
  await page.reload()
  await expect(wechatCard(page).getByText('Linked', { exact: true })).toBeVisible()
})

test('with the toggle off nothing is linked; the account page binds this WeChat later', async ({
  page,
  request,
  baseURL,
}) => {
  const name = uniqueName('wx')
  await registerByApi(request, baseURL!, name, 'first-password-1')
  const openid = uniqueOpenId()
  await beWechatUser(request, openid, uniqueName('微信'))
  await openInWechat(page, openid)

  const dialog = await openLogin(page)
  await dialog.getByRole('button', { name: 'Use another account or bind an existing one' }).click()
  const toggle = dialog.getByRole('switch', { name: /Link this WeChat/ })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await logInByUsername(dialog, name, 'first-password-1')
  await expect(dialog).toBeHidden()

  await page.goto('/settings/account')
  const card = wechatCard(page)
  await expect(card.getByText('Not linked', { exact: true })).toBeVisible()
  await expect(card.getByText(/You are using WeChat: link it/)).toBeVisible()
  await card.getByRole('button', { name: 'Bind this WeChat' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'WeChat linked' })).toBeVisible()
  await expect(card.getByText('Linked', { exact: true })).toBeVisible()
})

test('a WeChat sign-in does not survive logout: its proof, even kept, signs nobody in', async ({
  page,
  request,
}) => {
  const openid = uniqueOpenId()
  const nickname = uniqueName('微信')
  await beWechatUser(request, openid, nickname)
  await openInWechat(page, openid)
  let dialog = await openLogin(page)
  await dialog.getByRole('button', { name: 'Create a new account with WeChat' }).click()
  await expect(dialog).toBeHidden()
  await logOut(page, nickname)

  // Back in WeChat: a new round trip proves the openid, and it logs in (a copy of it is kept).
  await openInWechat(page, openid)
  const proof = await wechatProof(page)
  expect(proof).toBeDefined()
  dialog = await openLogin(page)
  await dialog.getByRole('button', { name: 'Log in with WeChat' }).click()
  await expect(dialog).toBeHidden()
  await logOut(page, nickname)
  expect(await wechatProof(page)).toBeUndefined()

  // Logged out, the dialog no longer offers WeChat: the server ended that proof, and so did the app.
  dialog = await openLogin(page)
  await expect(dialog.getByRole('button', { name: 'Log in with WeChat' })).toHaveCount(0)
  await page.keyboard.press('Escape')

  // The kept copy put back: the page's own request with it is refused.
  await page.context().addCookies([proof!])
  const answer = await page.evaluate(async () => {
    const res = await fetch('/api/auth/wechat/login', { credentials: 'include' })
    return { status: res.status, message: ((await res.json()) as { message?: string }).message }
  })
  expect(answer.status).toBe(401)
  expect(answer.message).toMatch(/The WeChat sign-in has expired/)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
})
