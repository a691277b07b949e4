import {
  expect,
  test,
  logInByUsername,
  openLogin,
  register,
  uniqueName,
  switchToUsernameMode,
} from './helpers.ts'

// Each test registers its own user, so tests never share state.
test.beforeEach(async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
})

test('register, log out, log in again, with toasts along the way', async ({ page }) => {
  const name = uniqueName('e2e')
  await register(page, name, 'first-password-1')
  await expect(
    page.getByRole('status').filter({ hasText: `Welcome to Courtyard, ${name}!` }),
  ).toBeVisible()
  await expect(page.getByRole('main').getByText(`Hello, ${name}`)).toBeVisible()

  await page.getByRole('button', { name: `Account menu of ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'You have logged out.' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()

  // A wrong password shows the server's message in the red box; the right one closes the dialog.
  const dialog = await openLogin(page)
  await logInByUsername(dialog, name, 'not-the-password')
  await expect(dialog.getByRole('alert')).toHaveText(/Wrong username or password/)
  await dialog.getByLabel('Password', { exact: true }).fill('first-password-1')
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: `Account menu of ${name}` })).toBeVisible()
})

test('Escape closes the login dialog and resets its fields and mode', async ({ page }) => {
  let dialog = await openLogin(page)
  await switchToUsernameMode(dialog)
  await dialog.getByLabel('Username').fill('someone')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Reopened: back to the default phone mode, and the username form starts empty.
  dialog = await openLogin(page)
  await expect(dialog.getByLabel('Phone number', { exact: true })).toHaveValue('')
  await expect(dialog.getByLabel('Username')).toHaveCount(0)
  await switchToUsernameMode(dialog)
  await expect(dialog.getByLabel('Username')).toHaveValue('')
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog.getByText('Enter your username')).toBeVisible()
  await expect(dialog.getByText('Enter a password')).toBeVisible()
})

test('change the password; the other device is logged out; revoke through the confirm dialog', async ({
  page,
  browser,
}) => {
  const name = uniqueName('sec')
  await register(page, name, 'first-password-1')

  // A second device logs in.
  const other = await browser.newContext()
  const phone = await other.newPage()
  await phone.goto('/')
  const phoneLogin = await openLogin(phone)
  await logInByUsername(phoneLogin, name, 'first-password-1')
  await expect(phoneLogin).toBeHidden()

  await page.goto('/settings/security')
  await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible()
  const revokeButtons = page.getByRole('button', { name: /^Log out / })
  await expect(revokeButtons).toHaveCount(2)
  await expect(page.getByText('This device')).toBeVisible()

  // The confirm dialog: Cancel keeps the session.
  await revokeButtons.last().click()
  const confirm = page.getByRole('alertdialog', { name: 'Log out this device?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(revokeButtons).toHaveCount(2)

  await page.getByLabel('Current password').fill('first-password-1')
  await page.getByLabel('New password', { exact: true }).fill('second-password-2')
  await page.getByLabel('Confirm new password').fill('second-password-2')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Password changed; your other devices were signed out' }),
  ).toBeVisible()
  await expect(revokeButtons).toHaveCount(1)

  // The other device is no longer signed in.
  await phone.reload()
  await expect(phone.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible()
  await other.close()
})

test('switch zh ↔ en and dark mode; the choices survive a reload', async ({ page }) => {
  await page.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('menuitemradio', { name: '中文' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/)
  await expect(page.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible()
  await expect(page).toHaveTitle('庭院')

  await page.getByRole('button', { name: '颜色模式' }).click()
  await page.getByRole('menuitemradio', { name: '深色' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/)
  await expect(page.locator('html')).toHaveClass(/dark/)
  const cookies = await page.context().cookies()
  const lang = cookies.find((c) => c.name === 'preference_language')
  expect(lang?.value).toBe('zh')
  expect(lang?.sameSite).toBe('Lax')

  // The server answers in the chosen language too.
  const res = await page.request.post('/api/auth/username/login', {
    data: { username: 'nobody-here', password: 'whatever-1' },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(res.status()).toBe(401)
  expect((await res.json()).message).toBe('用户名或密码错误')

  await page.getByRole('button', { name: '界面语言' }).click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
})

test('an unknown path shows the 404 page', async ({ page }) => {
  const res = await page.goto('/no/such/page')
  expect(res?.status()).toBe(200) // the SPA answers; the router decides
  await expect(page.getByText('Page Not Found').first()).toBeVisible()
  await expect(page.getByText('Page not found: /no/such/page')).toBeVisible()
  await expect(page.getByText('404').first()).toBeVisible()
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('phone layout: the login dialog works at 390 px @phone', async ({ page }) => {
  const dialog = await openLogin(page)
  await expect(dialog).toBeVisible()
  const box = await dialog.boundingBox()
  expect(box?.width ?? 0).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})
