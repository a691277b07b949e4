import type { Page } from '@playwright/test'
import { expect, test, register, uniqueName } from './helpers.ts'

// The API docs browser (/developers/api) over the server's real /api/docs.json, calling the real
// API with the session and with a personal access token.

test.beforeEach(async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
})

const endpoints = (page: Page) => page.getByRole('navigation', { name: 'Endpoints by tag' })
const result = (page: Page) => page.getByRole('region', { name: 'Response', exact: true })

/** Finds an endpoint with the search box and opens it, without reloading the page. */
async function openFromSearch(page: Page, query: string, id: string) {
  const search = page.getByRole('searchbox', { name: 'Search endpoints' })
  await search.fill(query)
  await endpoints(page).locator(`a[href="/developers/api/${id}"]`).click()
  await expect(page).toHaveURL(new RegExp(`/developers/api/${id}$`))
  await search.fill('')
}

test('search, open an endpoint and call GET /api/health with the session', async ({ page }) => {
  await page.goto('/developers/api')
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible()
  // Nothing is selected until someone chooses (the overview is shown).
  await expect(endpoints(page).locator('a[aria-current="page"]')).toHaveCount(0)

  await page.getByRole('searchbox', { name: 'Search endpoints' }).fill('health')
  // The health check, the liveness and the readiness answers.
  await expect(endpoints(page).getByRole('link')).toHaveCount(3)
  await endpoints(page).locator('a[href="/developers/api/get-api-health"]').click()
  await expect(page).toHaveURL(/\/developers\/api\/get-api-health$/)
  await expect(page.getByRole('heading', { name: 'Health check', level: 2 })).toBeVisible()

  await expect(page.getByRole('radio', { name: 'Session' })).toBeChecked()
  const call = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/health')
  await page.getByRole('button', { name: 'Send request' }).click()
  const sent = await call
  expect(sent.headers()['cache-control']).toBe('no-cache')
  expect(sent.headers()['accept-language']).toBe('en')
  await expect(result(page).getByText('HTTP 200')).toBeVisible()
  await expect(result(page).getByText(/^\d[\d,]* ms$/)).toBeVisible()
  const body = result(page).getByRole('tabpanel', { name: 'Body' })
  await expect(body).toContainText('"status": "ok"')
  await expect(body).toContainText('"success": true')

  // A deep link opens the same endpoint after a reload.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Health check', level: 2 })).toBeVisible()
})

test('switching the language to zh refetches the docs in zh', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/developers/api/get-api-health')
  await expect(page.getByRole('heading', { name: 'Health check', level: 2 })).toBeVisible()

  const refetch = page.waitForRequest(
    (req) =>
      new URL(req.url()).pathname === '/api/docs.json' &&
      (req.headers()['accept-language'] ?? '').startsWith('zh'),
  )
  await page.getByRole('banner').getByRole('button', { name: 'Language' }).click()
  await page.getByRole('menuitemradio', { name: '中文' }).click()
  await refetch
  await expect(page.getByRole('heading', { name: 'API 参考', level: 1 })).toBeVisible()

  // What the server says in zh is what the page shows (its own summary, once translated).
  const zh = (await (
    await request.get(`${baseURL}/api/docs.json`, { headers: { 'Accept-Language': 'zh' } })
  ).json()) as { paths: Record<string, { get: { summary: string } }> }
  await expect(
    page.getByRole('heading', { name: zh.paths['/api/health']!.get.summary, level: 2 }),
  ).toBeVisible()
})

test('call with a personal access token, then see 401 once it is revoked', async ({
  page,
  baseURL,
}) => {
  const username = uniqueName('apidocs')
  await register(page, username, 'apidocs-password-1')

  // A token made through the API with this browser's session (page.request shares its cookies).
  const created = await page.request.post(`${baseURL}/api/tokens`, {
    data: { name: 'e2e docs', scopes: ['account:read'], expiresInDays: 7 },
    headers: { Origin: baseURL! },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { token, secret } = (await created.json()) as {
    token: { id: string; name: string; hint: string }
    secret: string
  }

  await page.goto('/developers/api/get-api-auth-token')
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible()
  await page.getByRole('radio', { name: 'Personal access token' }).check()
  const select = page.getByRole('combobox', { name: 'Token' })
  await select.selectOption({ label: `e2e docs (${token.hint}) · paste secret` })
  await page.getByLabel('Secret of “e2e docs”').fill(secret)

  const call = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/auth/token')
  await page.getByRole('button', { name: 'Send request' }).click()
  expect((await call).headers()['authorization']).toBe(`Bearer ${secret}`)
  await expect(result(page).getByText('HTTP 200')).toBeVisible()
  await expect(result(page).getByRole('tabpanel', { name: 'Body' })).toContainText(
    `"username": "${username}"`,
  )

  // In-app navigation keeps the token (it lives in this tab's memory only). The token API
  // itself is session only: the page warns that the token cannot be used there.
  await openFromSearch(page, 'personal access tokens', 'get-api-tokens')
  await expect(page.getByRole('radio', { name: 'Personal access token' })).toBeChecked()
  await expect(page.getByText(/cannot be called with a token/)).toBeVisible()

  // Revoked: the same token gets 401.
  const revoked = await page.request.delete(`${baseURL}/api/tokens/${token.id}`, {
    headers: { Origin: baseURL! },
  })
  expect(revoked.status()).toBe(200)
  await openFromSearch(page, '/api/auth/token', 'get-api-auth-token')
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(result(page).getByText('HTTP 401')).toBeVisible()
  await expect(result(page).getByRole('tabpanel', { name: 'Body' })).toContainText('invalid_token')
})

test('the list and the endpoint: side by side on desktop, taking turns on a phone @phone', async ({
  page,
  isMobile,
}) => {
  await page.goto('/developers/api')
  const search = page.getByRole('searchbox', { name: 'Search endpoints' })
  await expect(search).toBeVisible()
  // It opens on the overview (beside the list on desktop, above it on a phone), with no endpoint
  // selected: never one click from sending POST /api/auth/logout (issue 22).
  await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create and manage tokens' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send request' })).toHaveCount(0)

  await search.fill('health')
  await endpoints(page).locator('a[href="/developers/api/get-api-health"]').click()
  await expect(page.getByRole('heading', { name: 'Health check', level: 2 })).toBeVisible()
  if (!isMobile) {
    // The list stays beside the endpoint.
    await expect(search).toBeVisible()
    return
  }
  await expect(search).toBeHidden()
  await page.getByRole('link', { name: 'All endpoints' }).click()
  await expect(page).toHaveURL(/\/developers\/api$/)
  await expect(search).toHaveValue('health')
})

test('a request that signs this browser out asks first', async ({ page, baseURL }) => {
  const username = uniqueName('docs')
  await register(page, username, 'apidocs-password-1')
  await page.goto('/developers/api/post-api-auth-logout')
  await page.getByRole('button', { name: 'Send request' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Sign out of this browser?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  // Nothing was sent: still signed in.
  const state = await page.request.get(`${baseURL}/api/auth/token`)
  expect(((await state.json()) as { isAuthenticated: boolean }).isAuthenticated).toBe(true)
})
