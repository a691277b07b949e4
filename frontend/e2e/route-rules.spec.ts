import routeRules from '../route-rules.json' with { type: 'json' }
import { expect, test } from './helpers.ts'

// Route rules of the build manifest (spec §2.1, §7; docs/frontend.md "Route rules"): the
// redirects kept in frontend/route-rules.json reach the built app through
// /build/meta/<buildId>.json, which the page fetches once and the server marks immutable.

test('an old path lands on the new one, search and hash kept; the manifest is fetched once', async ({
  page,
}) => {
  expect(routeRules.redirects).toContainEqual({ from: '/groups/$', to: '/group/$' })
  const manifests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/build/meta/')) manifests.push(request.url())
  })
  const manifestResponse = page.waitForResponse((r) =>
    new URL(r.url()).pathname.startsWith('/build/meta/'),
  )

  await page.goto('/groups#top')
  await expect(page).toHaveURL(/\/group#top$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const response = await manifestResponse
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  const manifest = (await response.json()) as { buildId: string; routeRules: unknown }
  expect(new URL(response.url()).pathname).toBe(`/build/meta/${manifest.buildId}.json`)
  expect(manifest.routeRules).toEqual(routeRules)

  // More navigations inside the page ask the same (cached) manifest.
  await page
    .getByRole('link', { name: /^(庭院|Courtyard)$/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/group#top$/)
  await page.goForward()
  await expect(page).toHaveURL(/\/$/)
  expect(manifests).toHaveLength(1)
})

test('a moved path keeps its parameters and query: an invite link and the tokens page', async ({
  page,
}) => {
  await page.goto('/groups/42/join?code=23456789')
  await expect(page).toHaveURL(/\/group\/42\/join\?code=23456789$/)
  await page.goto('/settings/tokens')
  await expect(page).toHaveURL(/\/developers\/pat$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
