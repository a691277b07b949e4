// Shared steps of the end-to-end specs: they act the way a person does (roles and labels of the
// English interface) and make fresh users, numbers and openids so no test depends on another.
// Specs take `test` and `expect` from here: that `test` runs the checks of e2e/checks.ts (axe-core,
// CSP violations, page errors) after every test.
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect } from './checks.ts'

export { expect, expectAccessible, test } from './checks.ts'

/** The local stand-ins for Aliyun SMS and WeChat (e2e/fakes.mjs). */
export const FAKES = `http://127.0.0.1:${process.env.E2E_FAKE_PORT ?? '4181'}`

/** Spec §9: switching the login dialog's mode (or to registration) blocks submitting for 200 ms. */
export const MODE_SWITCH_SUBMIT_BLOCK_MS = 200

/** The administrator e2e/server.mjs creates with the CLI. */
/**
 * The layout a test run once per language takes: Chinese on the phone layout (the tags that keep
 * it out of the desktop project), English on desktop. Each language and each layout is still
 * checked; a test that runs in both languages on both layouts repeats itself for no new
 * behaviour (e2e/a11y.spec.ts's variants follow the same rule; docs/testing.md, "End to end").
 */
export function layoutOf(lang: 'zh' | 'en'): '@phone @phone-only' | '@desktop' {
  return lang === 'zh' ? '@phone @phone-only' : '@desktop'
}

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' }

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
}

/** A mainland mobile number nobody has used yet: 139 and eight random digits. */
export function uniquePhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
}

/** A WeChat openid nobody has used yet. */
export function uniqueOpenId(): string {
  return uniqueName('o-e2e-')
}

export async function openLogin(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in to Courtyard' })
  await expect(dialog).toBeVisible()
  return dialog
}

/**
 * After a switch of mode the dialog ignores submissions for 200 ms (spec §2.3), so a click that
 * fast is silently dropped; a person is never that quick, a test is.
 */
async function afterModeSwitch(page: Page): Promise<void> {
  await page.waitForTimeout(MODE_SWITCH_SUBMIT_BLOCK_MS)
}

/** Phone login is the default; username login is under 'Other login methods'. */
export async function switchToUsernameMode(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Username and password' }).click()
  await expect(dialog.getByLabel('Username')).toBeVisible()
  await afterModeSwitch(dialog.page())
}

export async function logInByUsername(dialog: Locator, username: string, password: string) {
  await switchToUsernameMode(dialog)
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('Password', { exact: true }).fill(password)
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
}

/** Registers through the dialog; the dialog closes and the new user is signed in. */
export async function register(page: Page, username: string, password: string) {
  const login = await openLogin(page)
  await login.getByRole('button', { name: 'Create an account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create your Courtyard account' })
  await expect(dialog.getByLabel('Username')).toBeVisible()
  await afterModeSwitch(page)
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('Password', { exact: true }).fill(password)
  await dialog.getByLabel('Confirm password').fill(password)
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog).toBeHidden()
}

/** Registers a user through the API, the way another browser would (no session is kept here). */
export async function registerByApi(
  request: APIRequestContext,
  baseURL: string,
  username: string,
  password: string,
) {
  const res = await request.post(`${baseURL}/api/auth/username/register`, {
    data: { username, password },
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(201)
}

/** The codes the fake Aliyun was asked to send to a +86 number, oldest first. */
export async function smsCodes(request: APIRequestContext, phone: string): Promise<string[]> {
  const res = await request.get(`${FAKES}/__fake/sms`, { params: { phone } })
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { codes: string[] }).codes
}

/** The latest code sent to a number (waits for it to arrive at the fake). */
export async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  let codes: string[] = []
  await expect
    .poll(async () => (codes = await smsCodes(request, phone)).length, {
      message: `an SMS code for ${phone}`,
    })
    .toBeGreaterThan(0)
  return codes[codes.length - 1]!
}

/**
 * Makes every session of `username` look signed in `minutes` ago (e2e/server.mjs), e.g. older
 * than the re-authentication window (10 minutes): the next change of a sign-in method asks
 * "Confirm it's you".
 */
export async function signInAgo(request: APIRequestContext, username: string, minutes: number) {
  const res = await request.post(`${FAKES}/__e2e/sessions/sign-in-ago`, {
    params: { username, minutes },
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** The menu the fake WeChat currently holds (null: none). */
export async function fakeWechatMenu(request: APIRequestContext): Promise<unknown> {
  const res = await request.get(`${FAKES}/__fake/wechat/menu`)
  return ((await res.json()) as { menu: unknown }).menu
}

export function accountMenu(page: Page, name: string): Locator {
  return page.getByRole('button', { name: `Account menu of ${name}` })
}

/** Logs out through the account menu of `name`; the header then offers 'Log in'. */
export async function logOut(page: Page, name: string) {
  await accountMenu(page, name).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'You have logged out.' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
}
