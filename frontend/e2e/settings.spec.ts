import { png } from './images.ts'
import {
  accountMenu,
  expect,
  expectAccessible,
  layoutOf,
  logInByUsername,
  openLogin,
  register,
  registerByApi,
  test,
  uniqueName,
} from './helpers.ts'

// The account's own settings (issue 14): avatar and bio seen in settings and in the header,
// the appearance saved on one browser and found on another after sign-in, and the phone list
// of sections. Each test registers its own user.

const PASSWORD = 'settings-password-1'

test('set an avatar (cropped in the browser) and a bio; see them in settings, the header, a post and the profile', async ({
  page,
}) => {
  await page.goto('/')
  const name = uniqueName('avatar')
  await register(page, name, PASSWORD)
  await page.goto('/settings/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()

  await page.locator('input[type=file]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png(320, 200, [40, 120, 200]),
  })
  const crop = page.getByRole('dialog', { name: 'Crop your avatar' })
  await expect(crop).toBeVisible()
  // Keyboard: move the square and zoom in, then use it.
  await crop.getByRole('img', { name: 'Avatar crop preview' }).focus()
  await page.keyboard.press('+')
  await page.keyboard.press('ArrowRight')
  await crop.getByRole('button', { name: 'Use this picture' }).click()
  await expect(crop).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Avatar updated' })).toBeVisible()

  // The header's account button now shows the picture instead of the initials.
  const headerAvatar = accountMenu(page, name).locator('img')
  await expect(headerAvatar).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]+\/thumbnail$/)
  await expect
    .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0)
  const src = await headerAvatar.getAttribute('src')
  // A square, as cropped.
  const size = await page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url!)).blob())
    return [bitmap.width, bitmap.height]
  }, src)
  expect(size[0]).toBe(size[1])

  // The avatar is shown beside what the user posts.
  const body = `Hello from ${name}`
  const posted = await page.request.post('/api/plaza/posts', {
    data: { body },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(posted.status(), await posted.text()).toBe(201)
  await page.goto('/plaza')
  const post = page.getByRole('article').filter({ hasText: body })
  await expect(post.locator(`img[src="${src}"]`)).toBeVisible()
  await page.goto('/settings/account')

  await page.getByLabel('Bio').fill('Likes hiking and film photography.')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible()

  await page.reload()
  await expect(page.getByLabel('Bio')).toHaveValue('Likes hiking and film photography.')

  // Both on the profile: the bio, and the picture (the original, the profile's large avatar).
  await page.goto('/profile')
  await expect(page.getByText('Likes hiking and film photography.')).toBeVisible()
  const profileAvatar = page.getByRole('main').locator('img[src^="/api/media/"]').first()
  await expect(profileAvatar).toBeVisible()
  await expect
    .poll(() => profileAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0)
  await page.goto('/settings/account')
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible()
  await page.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Avatar removed' })).toBeVisible()
  await expect(accountMenu(page, name).locator('img')).toHaveCount(0)
})

test('a taken username is refused in Chinese next to the field', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.addCookies([{ name: 'preference_language', value: 'zh', url: baseURL! }])
  const taken = uniqueName('taken')
  await registerByApi(request, baseURL!, taken, PASSWORD)
  // Registered through this page's own context: it is signed in.
  const res = await page.request.post('/api/auth/username/register', {
    data: { username: uniqueName('zh'), password: PASSWORD },
    headers: { Origin: baseURL! },
  })
  expect(res.status()).toBe(201)

  await page.goto('/settings/account')
  await expect(page.getByRole('heading', { level: 1, name: '账号设置' })).toBeVisible()
  await page.getByLabel('用户名').fill(taken.toUpperCase())
  await page.getByRole('button', { name: '保存资料' }).click()
  await expect(page.getByText('该用户名已被注册')).toBeVisible()
  await expect(page.getByLabel('用户名')).toHaveAttribute('aria-invalid', 'true')
})

test('appearance changed on one browser is found on another after sign-in', async ({
  page,
  browser,
}) => {
  await page.goto('/')
  const name = uniqueName('look')
  await register(page, name, PASSWORD)
  await page.goto('/settings/appearance')
  await expect(page.getByRole('heading', { level: 1, name: 'Appearance' })).toBeVisible()
  await page.getByRole('radio', { name: 'Dark' }).check()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/account/appearance') && r.request().method() === 'PUT',
  )
  await page.getByRole('radio', { name: '中文' }).check()
  await expect(page.locator('html')).toHaveAttribute('lang', /^zh/)
  expect((await saved).status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: '外观' })).toBeVisible()

  // Another browser, light and English, signs in and takes the saved appearance.
  const other = await browser.newContext({ colorScheme: 'light' })
  const second = await other.newPage()
  await second.goto('/')
  await expect(second.locator('html')).toHaveAttribute('lang', /^en/)
  await expect(second.locator('html')).not.toHaveClass(/\bdark\b/)
  const login = await openLogin(second)
  await logInByUsername(login, name, PASSWORD)
  await expect(login).toBeHidden()
  await expect(second.locator('html')).toHaveClass(/\bdark\b/)
  await expect(second.locator('html')).toHaveAttribute('lang', /^zh/)
  // The sign-in's own loading (the Chinese messages, the session) settles first. Even so, twice
  // in CI (issue 15, then session 30) the next page.goto was aborted (net::ERR_ABORTED) by a
  // navigation still under way, whose cause is not yet found (an open question in the issue-15
  // notes): the visit is made again until one lands. What is checked after it is unchanged.
  await second.waitForLoadState('networkidle')
  await expect(async () => {
    await second.goto('/settings/appearance')
  }).toPass({ timeout: 20_000 })
  await expect(second.getByRole('radio', { name: '深色' })).toBeChecked()
  await other.close()
})

// The phone layout (< 768 px) only: @phone-only keeps it out of the desktop project.
test('@phone-only the settings menu lists the sections and each page leads back to it', async ({
  page,
}) => {
  await page.goto('/')
  await register(page, uniqueName('menu'), PASSWORD)
  await page.goto('/settings')
  await expect(page).toHaveURL(/\/settings\/menu$/)
  const menu = page.getByRole('navigation', { name: 'Settings sections' })
  await expect(menu.getByRole('link')).toHaveCount(5)
  await expect(menu.getByRole('link', { name: /Blocked and muted/ })).toBeVisible()
  // The desktop sidebar is not shown on a phone.
  await expect(page.getByRole('navigation', { name: 'Settings', exact: true })).toBeHidden()
  await menu.getByRole('link', { name: /Appearance/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Appearance' })).toBeVisible()
  await page.getByRole('link', { name: 'All settings' }).click()
  await expect(page).toHaveURL(/\/settings\/menu$/)
})

test('the settings sidebar on desktop, and the basics page', async ({ page }) => {
  await page.goto('/')
  const name = uniqueName('basic')
  await register(page, name, PASSWORD)
  await page.goto('/settings')
  await expect(page).toHaveURL(/\/settings\/account$/)
  const sidebar = page.getByRole('navigation', { name: 'Settings', exact: true })
  await expect(sidebar).toBeVisible()
  await expect(page.getByRole('link', { name: 'All settings' })).toBeHidden()
  await sidebar.getByRole('link', { name: 'Security' }).click()
  await expect(page.getByRole('link', { name: 'Manage tokens' })).toHaveAttribute(
    'href',
    '/developers/pat',
  )

  await page.goto('/profile/system/basic')
  await expect(page.getByRole('heading', { level: 1, name: 'Account basics' })).toBeVisible()
  await expect(page.getByText(`@${name}`)).toBeVisible()
  await expect(page.getByText('Member')).toBeVisible()
})

for (const [lang, mode] of [
  ['zh', 'light'],
  ['en', 'dark'],
] as const) {
  test(`the settings pages and the basics are accessible, ${lang} ${mode} ${layoutOf(lang)}`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'preference_language', value: lang, url: baseURL! }])
    await page.addInitScript((m) => localStorage.setItem('preference_dark', m), mode)
    const res = await page.request.post('/api/auth/username/register', {
      data: { username: uniqueName('a11y'), password: PASSWORD },
      headers: { Origin: baseURL! },
    })
    expect(res.status()).toBe(201)
    for (const path of [
      '/settings/account',
      '/settings/security',
      '/settings/appearance',
      '/settings/menu',
      '/profile/system/basic',
    ]) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))
      if (mode === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expectAccessible(page, `${path} ${lang} ${mode}`)
    }
  })
}
