import type { Page } from '@playwright/test'
import { expect, test, register, uniqueName } from './helpers.ts'

// The developer portal (docs/frontend.md, "Developer portal"): home and navigation, personal
// access tokens against the real token API, the UI kit gallery and the timestamp converter.

test.beforeEach(async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
})

function portalNav(page: Page) {
  return page.getByRole('navigation', { name: 'Developer portal' })
}

test('the portal home explains the API with a curl example, and its navigation works', async ({
  page,
  baseURL,
}) => {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Developers' })
    .click()
  await expect(page).toHaveURL(/\/developers$/)
  await expect(page.getByRole('heading', { name: 'Courtyard API', level: 1 })).toBeVisible()
  await expect(page.locator('pre')).toHaveText(
    `curl -H "Authorization: Bearer cyp_…" ${baseURL}/api/auth/token`,
  )

  const nav = portalNav(page)
  await expect(nav.getByRole('link')).toHaveText([
    'Overview',
    'API docs',
    'Tokens',
    'UI kit',
    'Tools',
  ])
  await nav.getByRole('link', { name: 'Tokens' }).click()
  await expect(
    page.getByRole('heading', { name: 'Personal access tokens', level: 1 }),
  ).toBeVisible()
  await nav.getByRole('link', { name: 'UI kit' }).click()
  await expect(page.getByRole('heading', { name: 'UI kit', level: 1 })).toBeVisible()
  await nav.getByRole('link', { name: 'Tools' }).click()
  await expect(page.getByRole('heading', { name: 'Tools', level: 1 })).toBeVisible()
  await nav.getByRole('link', { name: 'Overview' }).click()
  await page.getByRole('link', { name: 'Personal access tokens' }).first().click()
  await expect(page).toHaveURL(/\/developers\/pat$/)
  // Visitors are asked to log in first.
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('dialog', { name: 'Log in to Courtyard' })).toBeVisible()
})

test('@phone-only on a phone the portal pages are in a sheet under the header', async ({
  page,
}) => {
  await page.goto('/developers/tools')
  await expect(portalNav(page)).toBeHidden()
  await page.getByRole('button', { name: /Developer portal\s*Tools\s*All pages/ }).click()
  const sheet = page.getByRole('dialog', { name: 'Developer portal' })
  const nav = sheet.getByRole('navigation', { name: 'Developer portal' })
  await expect(nav.getByRole('link', { name: 'Tools' })).toHaveAttribute('aria-current', 'page')
  await nav.getByRole('link', { name: 'Overview' }).click()
  await expect(page.getByRole('heading', { name: 'Courtyard API', level: 1 })).toBeVisible()
  await expect(sheet).toBeHidden()
})

test('create a token, see and copy its secret once, use it, revoke it after the confirm', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const username = uniqueName('pat')
  await register(page, username, 'pat-password-1')
  await page.goto('/developers/pat')
  await expect(
    page.getByRole('heading', { name: 'Personal access tokens', level: 1 }),
  ).toBeVisible()

  await page.getByRole('button', { name: 'New token' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New personal access token' })
  await dialog.getByLabel('Name').fill('E2E script')
  await dialog
    .getByRole('group', { name: 'Account' })
    .getByRole('checkbox', { name: /account:read/ })
    .check()
  await expect(dialog.getByRole('group', { name: 'Administration' })).toHaveCount(0)
  await dialog.getByLabel('Expiration').selectOption({ label: '7 days' })
  await dialog.getByRole('button', { name: 'Create token' }).click()
  await expect(dialog).toBeHidden()

  // The secret, once, with a copy button and the warning.
  const created = page.getByRole('region', { name: 'Token “E2E script” created' })
  const secretBox = created.getByLabel('The new token')
  await expect(secretBox).toHaveText(/^cyp_[0-9A-Za-z]{36}$/)
  const secret = (await secretBox.textContent())!
  await expect(created).toContainText('you will not be able to see it again')
  await created.getByRole('button', { name: 'Copy token' }).click()
  await expect(created.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
  const remembered = await page.evaluate(() => sessionStorage.getItem('courtyard:pat-secrets'))
  expect(Object.values(JSON.parse(remembered ?? '{}'))).toEqual([secret])

  // Listed with its hint, never its secret.
  const row = page.getByRole('listitem', { name: 'E2E script' })
  await expect(row).toContainText('Active')
  await expect(row).toContainText('account:read')
  await expect(row).toContainText('Never used')
  await expect(row).toContainText(secret.slice(-4))
  await expect(page.getByRole('list', { name: 'Your tokens' })).not.toContainText(secret)

  // The token works as a bearer token.
  const asToken = () =>
    request.get(`${baseURL}/api/auth/token`, { headers: { Authorization: `Bearer ${secret}` } })
  const used = await asToken()
  expect(used.status()).toBe(200)
  expect(((await used.json()) as { user: { username: string } }).user.username).toBe(username)

  // Gone from view once dismissed; a reload shows last use.
  await created.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByText(secret)).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('listitem', { name: 'E2E script' })).not.toContainText('Never used')

  // Revoke after the confirm: stays listed, greyed, as revoked.
  await page.getByRole('button', { name: 'Revoke E2E script' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' })
  await expect(confirm).toContainText('E2E script')
  await confirm.getByRole('button', { name: 'Revoke' }).click()
  await expect(confirm).toBeHidden()
  const revoked = page.getByRole('listitem', { name: 'E2E script' })
  await expect(revoked).toHaveAttribute('data-state', 'revoked')
  await expect(revoked).toContainText('Revoked')
  await expect(revoked.locator('> div').first()).toHaveClass(/text-muted-foreground/)
  await expect(revoked.getByRole('button', { name: /Revoke/ })).toHaveCount(0)
  expect(await page.evaluate(() => sessionStorage.getItem('courtyard:pat-secrets'))).toBeNull()
  expect((await asToken()).status()).toBe(401)
})

test('the UI kit: index, a component page and a standalone example', async ({ page }) => {
  await page.goto('/developers/theme')
  await expect(page.getByRole('heading', { name: 'UI kit', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Button', exact: true }).click()
  await expect(page).toHaveURL(/\/developers\/theme\/button$/)
  await expect(page.getByRole('heading', { name: 'Button', level: 1 })).toBeVisible()
  const sizes = page.getByRole('region', { name: 'Sizes xs–xl' })
  for (const size of ['xs', 'sm', 'md', 'lg', 'xl']) {
    await expect(sizes.getByRole('columnheader', { name: size, exact: true })).toBeVisible()
  }
  await sizes.getByRole('link', { name: 'Open alone' }).click()
  await expect(page).toHaveURL(/\/developers\/theme\/examples\/button\/sizes$/)
  await expect(page.getByRole('heading', { name: 'Button · Sizes xs–xl', level: 1 })).toBeVisible()
  await expect(page.getByRole('banner')).toHaveCount(0)
  await expect(portalNav(page)).toHaveCount(0)

  // Live toasts from a standalone example.
  await page.goto('/developers/theme/examples/toast/types')
  await page.getByRole('button', { name: 'Warning toast' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Your session expires in 5 minutes' }),
  ).toBeVisible()

  await page.goto('/developers/theme/examples/button/nope')
  await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible()
})

test('the timestamp converter round-trips seconds and milliseconds and explains bad input', async ({
  page,
}) => {
  await page.goto('/developers/tools/timestamp-converter')
  await page.getByLabel('Time zone').selectOption('Asia/Shanghai')
  const timestamp = page.getByLabel('Unix timestamp')
  const toDate = page.getByLabel('Date for the timestamp')
  const toTimestamp = page.getByLabel('Timestamp for the date')
  const value = (list: typeof toDate, label: string) =>
    list
      .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('output')

  // Seconds → date → seconds.
  await timestamp.fill('1700000000')
  await expect(page.getByText('Detected: seconds.')).toBeVisible()
  await expect(value(toDate, 'ISO 8601')).toHaveText('2023-11-15T06:13:20.000+08:00')
  await page.getByLabel('Date and time', { exact: true }).fill('2023-11-15T06:13:20')
  await expect(value(toTimestamp, 'Unix seconds')).toHaveText('1700000000')

  // Milliseconds → date → milliseconds.
  await timestamp.fill('1700000000123')
  await expect(page.getByText('Detected: milliseconds.')).toBeVisible()
  await expect(value(toDate, 'ISO 8601')).toHaveText('2023-11-15T06:13:20.123+08:00')
  await page.getByLabel('Date and time', { exact: true }).fill('2023-11-15T06:13:20.123')
  await expect(value(toTimestamp, 'Unix milliseconds')).toHaveText('1700000000123')

  // Invalid input is explained.
  await timestamp.fill('17000abc')
  await expect(
    page.getByText('Enter a whole or decimal number, such as 1700000000 or 1700000000123.'),
  ).toBeVisible()
  await expect(timestamp).toHaveAttribute('aria-invalid', 'true')
})
