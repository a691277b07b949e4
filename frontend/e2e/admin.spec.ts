import type { Locator, Page } from '@playwright/test'
import {
  expect,
  test,
  accountMenu,
  ADMIN,
  fakeWechatMenu,
  logInByUsername,
  openLogin,
  register,
  uniqueName,
} from './helpers.ts'

// The admin console against the real WeChat adapter, pointed at the fake WeChat (e2e/fakes.mjs):
// what the console publishes is what the fake then holds.

test.beforeEach(async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
})

async function logInAsAdmin(page: Page) {
  const dialog = await openLogin(page)
  await logInByUsername(dialog, ADMIN.username, ADMIN.password)
  await expect(dialog).toBeHidden()
  await accountMenu(page, ADMIN.username).click()
  await page.getByRole('menuitem', { name: 'Admin console' }).click()
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
}

/** One button (or sub-button) of the menu editor: a group named 'Button 1', 'Sub-button 1'… */
function node(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('group', { name, exact: true })
}

/** Its own Name field (a parent's group also holds its sub-buttons' names, after its own). */
function nameField(group: Locator): Locator {
  return group.getByLabel('Name', { exact: true }).first()
}

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Publish this menu?' })
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Menu published' })).toBeVisible()
}

const FIRST_MENU = {
  button: [
    { name: '今日歌曲', type: 'click', key: 'V1001' },
    {
      name: '菜单',
      sub_button: [{ name: '官网', type: 'view', url: 'https://courtyard.example/' }],
    },
  ],
}

const SECOND_MENU = {
  button: [
    { name: '每日推荐', type: 'click', key: 'V2002' },
    {
      name: '菜单',
      sub_button: [{ name: '官网', type: 'view', url: 'https://courtyard.example/' }],
    },
  ],
}

test('build, check and publish the WeChat menu, publish another, roll back to the first', async ({
  page,
  request,
}) => {
  await logInAsAdmin(page)
  await page
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'WeChat menu' })
    .click()
  await expect(page.getByRole('heading', { name: 'WeChat custom menu', level: 1 })).toBeVisible()

  // Start from an empty editor whatever was published before.
  const editor = page.getByRole('region', { name: 'Buttons' })
  const remove = editor.getByRole('button', { name: /^Remove Button \d$/ })
  while ((await remove.count()) > 0) await remove.first().click()
  await expect(editor.getByText('No menu yet. Add a button to start one.')).toBeVisible()

  // Button 1: a click button, first with a name of six Chinese characters (18 bytes > 16).
  await editor.getByRole('button', { name: 'Add button' }).click()
  const first = node(editor, 'Button 1')
  await nameField(first).fill('一二三四五六')
  await expect(first.getByText('18/16 bytes')).toBeVisible()
  await first.getByLabel('Type').selectOption({ label: 'Click event' })
  await first.getByLabel('Key').fill('V1001')

  // Button 2: a sub-menu with one view sub-button.
  await editor.getByRole('button', { name: 'Add button' }).click()
  const second = node(editor, 'Button 2')
  await nameField(second).fill('菜单')
  await second.getByLabel('Type').first().selectOption({ label: 'Sub-menu' })
  const site = node(second, 'Sub-button 1')
  await nameField(site).fill('官网')
  await site.getByLabel('Type').selectOption({ label: 'Open a web page' })
  await site.getByLabel('URL').fill('https://courtyard.example/')

  // Publishing asks the server to check first: the fault sits next to the name it is about,
  // and the faulty menu never reaches WeChat (no confirmation is even asked).
  const before = await fakeWechatMenu(request)
  let checked = page.waitForResponse('**/api/admin/wechat/menu/validate')
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  expect((await checked).ok()).toBe(true)
  const tooLong = (bytes: number) =>
    `Name too long: ${bytes} bytes, at most 16 (a Chinese character is 3 bytes)`
  await expect(first.getByText(tooLong(18))).toBeVisible()
  await expect(nameField(first)).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('WeChat would refuse this menu: 1 problem')).toBeVisible()
  await expect(second.getByText(/Name too long/)).toHaveCount(0)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  expect(await fakeWechatMenu(request)).toEqual(before)

  // Editing the name takes its fault away; Validate finds the next one.
  await nameField(first).fill('一二三四五六七')
  await expect(first.getByText(/Name too long/)).toHaveCount(0)
  checked = page.waitForResponse('**/api/admin/wechat/menu/validate')
  await page.getByRole('button', { name: 'Validate' }).click()
  await checked
  await expect(first.getByText(tooLong(21))).toBeVisible()

  // Fixed: the fault goes with the edit; the menu is valid and published.
  await nameField(first).fill('今日歌曲')
  await expect(first.getByText(/Name too long/)).toHaveCount(0)
  await expect(first.getByText('12/16 bytes')).toBeVisible()
  await page.getByRole('button', { name: 'Validate' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'No problems found: the menu is ready to publish.' }),
  ).toBeVisible()
  await publish(page)
  await expect.poll(() => fakeWechatMenu(request)).toEqual(FIRST_MENU)
  await expect(page.getByText('Published', { exact: true })).toBeVisible()

  // A second, different menu.
  await nameField(first).fill('每日推荐')
  await first.getByLabel('Key').fill('V2002')
  await expect(page.getByText('Unpublished changes')).toBeVisible()
  await publish(page)
  await expect.poll(() => fakeWechatMenu(request)).toEqual(SECOND_MENU)

  // Roll back to the first menu from the history (newest first: second, first, …).
  const history = page.getByRole('list', { name: 'Version history' })
  const versions = history.getByRole('listitem')
  await expect(versions.first()).toContainText('Latest')
  await expect(versions.first()).toContainText(`by ${ADMIN.username}`)
  const firstVersion = versions.nth(1)
  const firstLabel = (await firstVersion.getAttribute('aria-label'))!.replace('Version ', '')
  await firstVersion.getByRole('button', { name: 'Roll back' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Roll back to version #${firstLabel}?` })
  await confirm.getByRole('button', { name: 'Roll back' }).click()
  await expect(confirm).toBeHidden()
  await expect(
    page.getByRole('status').filter({ hasText: 'Rolled back to the chosen version' }),
  ).toBeVisible()
  await expect.poll(() => fakeWechatMenu(request)).toEqual(FIRST_MENU)

  // The rollback is a new version, and the editor shows the menu that is live again.
  await expect(versions.first()).toContainText(`rolled back from #${firstLabel}`)
  await expect(nameField(node(editor, 'Button 1'))).toHaveValue('今日歌曲')
  await expect(node(editor, 'Button 1').getByLabel('Key')).toHaveValue('V1001')
})

test('the access token page shows the token masked, never in full', async ({ page }) => {
  await logInAsAdmin(page)
  await page
    .getByRole('navigation', { name: 'Admin console' })
    .getByRole('link', { name: 'WeChat token' })
    .click()
  await expect(page.getByRole('heading', { name: 'WeChat access token', level: 1 })).toBeVisible()

  // A forced refresh makes sure there is a token, whatever the background refresher did.
  await page.getByRole('button', { name: 'Force refresh' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Force a new access token?' })
  await confirm.getByRole('button', { name: 'Force refresh' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Access token refreshed' })).toBeVisible()

  const status = page.getByRole('region', { name: 'Status' })
  await expect(status.getByText('Valid', { exact: true })).toBeVisible()
  // The fake's tokens look like E2E_ACCESS_TOKEN_<n>_abcdefghijkl: head and tail only.
  await expect(status.getByText(/^E2E_A…jkl$/)).toBeVisible()
  await expect(status.getByText('Masked: the full token never leaves the server.')).toBeVisible()
  await expect(status.getByText('wx-e2e', { exact: true })).toBeVisible()
  expect(await page.content()).not.toContain('E2E_ACCESS_TOKEN')
})

test('the admin console is forbidden to plain users and visitors', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Forbidden', level: 1 })).toBeVisible()
  await expect(page.getByText(/for administrators\. Log in with an administrator/)).toBeVisible()
  await expect(page.getByRole('main').getByRole('button', { name: 'Log in' })).toBeVisible()

  const name = uniqueName('plain')
  await register(page, name, 'first-password-1')
  await expect(accountMenu(page, name)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Forbidden', level: 1 })).toBeVisible()
  await expect(
    page.getByText(
      'Your account is not an administrator, so the admin console is not open to you.',
    ),
  ).toBeVisible()
  await accountMenu(page, name).click()
  await expect(page.getByRole('menuitem', { name: 'Admin console' })).toHaveCount(0)
  await page.keyboard.press('Escape')

  for (const path of ['/admin/wechat/menu', '/admin/wechat/token']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Forbidden', level: 1 })).toBeVisible()
  }
  // The server refuses too, not only the page.
  const res = await page.request.get('/api/admin/wechat/token')
  expect(res.status()).toBe(403)
})
