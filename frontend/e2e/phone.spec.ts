import type { Locator } from '@playwright/test'
import {
  expect,
  test,
  accountMenu,
  latestSmsCode,
  openLogin,
  register,
  signInAgo,
  smsCodes,
  uniqueName,
  uniquePhone,
} from './helpers.ts'

// Phone login through the real Aliyun adapter: the codes are read back from the fake provider
// (e2e/fakes.mjs). Every test uses a number nobody has used, so each one starts a new account.

test.beforeEach(async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
})

const COUNTDOWN = /^Resend in \d{1,2}s$/

function phoneField(dialog: Locator) {
  return dialog.getByLabel('Phone number', { exact: true })
}

function codeField(dialog: Locator) {
  return dialog.getByLabel('Verification code', { exact: true })
}

/** The send button: its name is what it shows ('Send code', 'Enter phone number', 'Resend in 59s'). */
function sendButton(dialog: Locator) {
  return dialog
    .getByRole('button', { name: 'Send code' })
    .or(dialog.getByRole('button', { name: 'Enter phone number' }))
    .or(dialog.getByRole('button', { name: COUNTDOWN }))
}

test('log in with a phone number and the SMS code; the countdown survives reopening @phone', async ({
  page,
  request,
}) => {
  const phone = uniquePhone()
  let dialog = await openLogin(page)

  // Phone login is the default mode; username login is one of the other methods.
  await expect(phoneField(dialog)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Region: Chinese mainland +86' })).toBeVisible()
  await expect(dialog.getByText('Other login methods')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Username and password' })).toBeVisible()
  await expect(dialog.getByLabel('Username')).toHaveCount(0)

  // The send button asks for a number until it has 5 characters.
  await expect(sendButton(dialog)).toHaveText('Enter phone number')
  await expect(sendButton(dialog)).toBeDisabled()
  await phoneField(dialog).fill(phone.slice(0, 4))
  await expect(sendButton(dialog)).toHaveText('Enter phone number')
  await expect(sendButton(dialog)).toBeDisabled()
  await phoneField(dialog).fill(phone)
  await expect(sendButton(dialog)).toHaveText('Send code')
  await expect(sendButton(dialog)).toBeEnabled()

  await sendButton(dialog).click()
  await expect(page.getByRole('status').filter({ hasText: 'Verification code sent' })).toBeVisible()
  await expect(sendButton(dialog)).toHaveText(COUNTDOWN)
  await expect(sendButton(dialog)).toBeDisabled()

  // Closing the dialog resets the form; the countdown of that number keeps running.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  dialog = await openLogin(page)
  await expect(phoneField(dialog)).toHaveValue('')
  await phoneField(dialog).fill(phone)
  await expect(sendButton(dialog)).toHaveText(COUNTDOWN)
  await expect(sendButton(dialog)).toBeDisabled()

  // The code the fake Aliyun received for this number (PhoneNumbers: its 11 digits).
  const code = await latestSmsCode(request, phone)
  expect(code).toMatch(/^\d{6}$/)
  await codeField(dialog).fill(code)
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog).toBeHidden()

  // A new number makes a new account, named 用户 and the last four digits.
  const nickname = `用户${phone.slice(-4)}`
  await expect(
    page.getByRole('status').filter({ hasText: `Welcome to Courtyard, ${nickname}!` }),
  ).toBeVisible()
  await expect(accountMenu(page, nickname)).toBeVisible()
  expect(await smsCodes(request, phone)).toHaveLength(1)
})

test("a wrong code shows the server's message in the red box; the right one logs in", async ({
  page,
  request,
}) => {
  const phone = uniquePhone()
  const dialog = await openLogin(page)
  await phoneField(dialog).fill(phone)
  await sendButton(dialog).click()
  await expect(sendButton(dialog)).toHaveText(COUNTDOWN)
  const code = await latestSmsCode(request, phone)

  await codeField(dialog).fill(code === '000000' ? '111111' : '000000')
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('The code is wrong or no longer valid')
  await expect(dialog).toBeVisible()

  await codeField(dialog).fill(code)
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(accountMenu(page, `用户${phone.slice(-4)}`)).toBeVisible()
})

test('the form checks the number before anything is sent', async ({ page }) => {
  const dialog = await openLogin(page)

  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Enter your phone number')

  // Too short to send a code to, and refused on submit.
  await phoneField(dialog).fill('1380')
  await expect(sendButton(dialog)).toBeDisabled()
  await codeField(dialog).fill('123456')
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid phone number')

  // Long enough for the browser, but no mainland mobile number: the server says so.
  await phoneField(dialog).fill('12345678')
  const refused = page.waitForResponse('**/api/auth/phone/sendVerification')
  await sendButton(dialog).click()
  expect((await refused).status()).toBe(422)
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid phone number')
  await expect(sendButton(dialog)).toHaveText('Send code')
})

test('the region picker searches names and codes; a +1 number logs in', async ({
  page,
  request,
}) => {
  const dialog = await openLogin(page)
  const regionButton = (name: string) => dialog.getByRole('button', { name: `Region: ${name}` })

  await regionButton('Chinese mainland +86').click()
  const picker = page.getByRole('dialog', { name: 'Choose your region' })
  await expect(picker).toBeVisible()
  const regions = picker.getByRole('list', { name: 'Regions' }).getByRole('button')
  await expect(regions).toHaveText([/Chinese mainland/, /United States\/Canada/])

  const search = picker.getByRole('searchbox', { name: 'Search regions' })
  await search.fill('1')
  await expect(regions).toHaveText([/United States\/Canada\s*\+1/])
  await search.fill('zzz')
  await expect(picker.getByRole('status')).toHaveText('No region matches “zzz”')
  await search.fill('United')
  await expect(regions).toHaveCount(1)
  await picker.getByRole('button', { name: 'United States/Canada +1' }).click()
  await expect(picker).toBeHidden()
  await expect(dialog).toBeVisible()
  await expect(regionButton('United States/Canada +1')).toBeVisible()

  // A NANP number: area code and exchange start with 2–9. The fake sees 1 and its 10 digits.
  const digit = () => Math.floor(Math.random() * 10)
  const part = () => `${2 + Math.floor(Math.random() * 8)}${digit()}${digit()}`
  const number = `${part()}${part()}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`
  await phoneField(dialog).fill(`(${number.slice(0, 3)}) ${number.slice(3, 6)}-${number.slice(6)}`)
  await sendButton(dialog).click()
  await expect(sendButton(dialog)).toHaveText(COUNTDOWN)
  const code = await latestSmsCode(request, `1${number}`)
  await codeField(dialog).fill(code)
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(accountMenu(page, `用户${number.slice(-4)}`)).toBeVisible()
})

test('bind a phone number to a username account, then log in with it', async ({
  page,
  browser,
  request,
}) => {
  const name = uniqueName('ph')
  const phone = uniquePhone()
  await register(page, name, 'first-password-1')

  await accountMenu(page, name).click()
  await page.getByRole('menuitem', { name: 'Account settings' }).click()
  await expect(page.getByRole('heading', { name: 'Account settings', level: 1 })).toBeVisible()
  const card = page.getByRole('region', { name: 'Phone number' })
  await expect(card.getByText('Not bound')).toBeVisible()

  await phoneField(card).fill(phone)
  await sendButton(card).click()
  await expect(sendButton(card)).toHaveText(COUNTDOWN)
  await codeField(card).fill(await latestSmsCode(request, phone))
  await card.getByRole('button', { name: 'Bind phone number' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Phone number saved' })).toBeVisible()
  await expect(card.getByText(`+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`)).toBeVisible()
  await expect(card.getByRole('button', { name: 'Change phone number' })).toBeVisible()

  // On another device the bound number logs in to this account (no new account is made). The
  // server sends one code per number per resend window (2 s in e2e/server.mjs): wait it out.
  await page.waitForTimeout(2_100)
  const other = await browser.newContext()
  const device = await other.newPage()
  await device.goto('/')
  const dialog = await openLogin(device)
  await phoneField(dialog).fill(phone)
  await sendButton(dialog).click()
  await expect(sendButton(dialog)).toHaveText(COUNTDOWN)
  await expect.poll(async () => (await smsCodes(request, phone)).length).toBe(2)
  await codeField(dialog).fill(await latestSmsCode(request, phone))
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(
    device.getByRole('status').filter({ hasText: `Welcome back, ${name}!` }),
  ).toBeVisible()
  await expect(accountMenu(device, name)).toBeVisible()
  await other.close()
})

test("a session past the re-authentication window confirms it's you, then binds the number", async ({
  page,
  request,
}) => {
  const name = uniqueName('ra')
  const phone = uniquePhone()
  await register(page, name, 'first-password-1')
  // Signed in an hour ago: changing how the account signs in needs fresh proof (10 minutes).
  await signInAgo(request, name, 60)

  await page.goto('/settings/account')
  const card = page.getByRole('region', { name: 'Phone number' })
  await phoneField(card).fill(phone)
  await sendButton(card).click()
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" })
  await expect(confirm.getByText('Changing how you sign in needs your password.')).toBeVisible()
  expect(await smsCodes(request, phone)).toEqual([])
  await confirm.getByLabel('Password', { exact: true }).fill('first-password-1')
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(confirm).toBeHidden()

  // The refused call ran again: the code was sent, and the binding goes through.
  await expect(sendButton(card)).toHaveText(COUNTDOWN)
  await codeField(card).fill(await latestSmsCode(request, phone))
  await card.getByRole('button', { name: 'Bind phone number' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Phone number saved' })).toBeVisible()
  await expect(card.getByText(`+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`)).toBeVisible()
})
