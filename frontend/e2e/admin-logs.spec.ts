import { readFile } from 'node:fs/promises'
import enAdmin from '../src/locales/en/admin.json' with { type: 'json' }
import enAudit from '../src/locales/en/audit.json' with { type: 'json' }
import zhAdmin from '../src/locales/zh/admin.json' with { type: 'json' }
import zhAudit from '../src/locales/zh/audit.json' with { type: 'json' }
import { signUp } from './groups-data.ts'
import { ADMIN, layoutOf, expect, test } from './helpers.ts'

// The audit log (docs/frontend.md, "The audit log"): an admin filters the log to one user's
// refused sign-ins, sees them labelled in the page's language, and exports exactly those as CSV;
// the overview shows the counts and the latest events. In en on desktop and zh on a phone (layoutOf).

const LABELS = {
  en: { admin: enAdmin, audit: enAudit },
  zh: { admin: zhAdmin, audit: zhAudit },
} as const

for (const lang of ['en', 'zh'] as const) {
  test(`an admin filters the log to one user's refused sign-ins and exports them (${lang}) ${layoutOf(lang)}`, async ({
    browser,
    page,
  }, info) => {
    test.setTimeout(90_000)
    const L = LABELS[lang]
    const baseURL = info.project.use.baseURL!

    // Someone registers, then a stranger tries their name twice with wrong passwords.
    const someone = await browser.newContext({ baseURL })
    const victim = await signUp(someone.request, baseURL, 'logged')
    await someone.close()
    const stranger = await browser.newContext({ baseURL })
    for (const password of ['wrong-guess-1', 'wrong-guess-2']) {
      const r = await stranger.request.post(`${baseURL}/api/auth/username/login`, {
        data: { username: victim.username, password },
        headers: { Origin: baseURL },
      })
      expect(r.status()).toBe(401)
    }
    await stranger.close()

    // The admin opens the log from the console's navigation.
    await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
    const signIn = await page.request.post(`${baseURL}/api/auth/username/login`, {
      data: ADMIN,
      headers: { Origin: baseURL },
    })
    expect(signIn.status(), await signIn.text()).toBe(200)
    await page.goto('/admin')
    // The overview: the counts and the latest events, labelled.
    await expect(page.getByTestId('count-users')).toHaveText(/^[1-9]/)
    await expect(page.getByTestId('count-storage')).toHaveText(/\d/)
    await expect(
      page.getByTestId('latest-events').getByText(L.audit.actions.auth.sign_in_failed).first(),
    ).toBeVisible()

    await page
      .getByRole('navigation', { name: L.admin.nav.label })
      .getByRole('link', { name: L.admin.nav.logs })
      .click()
    await expect(page).toHaveURL('/admin/logs')
    await expect(page.getByRole('heading', { level: 1, name: L.audit.title })).toBeVisible()

    // Only this user's refused sign-ins.
    await page
      .getByLabel(L.audit.filters.action, { exact: true })
      .selectOption('auth.sign_in_failed')
    await page.getByLabel(L.audit.filters.target, { exact: true }).fill(victim.username)
    const phone = (page.viewportSize()?.width ?? 1280) < 768
    const list = page.getByTestId(phone ? 'audit-cards' : 'audit-table')
    const events = list.locator('[data-action]')
    await expect(events).toHaveCount(2)
    for (const event of await events.all()) {
      await expect(event).toHaveAttribute('data-action', 'auth.sign_in_failed')
      await expect(event.getByText(L.audit.actions.auth.sign_in_failed)).toBeVisible()
      await expect(event.getByText(victim.username, { exact: true })).toBeVisible()
      await expect(event.getByText(L.audit.anonymous)).toBeVisible()
    }
    await expect(page.getByText('wrong-guess')).toHaveCount(0)

    // The export carries the same filters: exactly those two events.
    const downloaded = page.waitForEvent('download')
    await page.getByRole('link', { name: L.audit.export.button }).click()
    const download = await downloaded
    expect(download.suggestedFilename()).toMatch(/^audit-\d{8}-\d{6}\.csv$/)
    const csv = await readFile((await download.path())!, 'utf8')
    const rows = csv.split('\r\n').filter((line) => line !== '')
    expect(rows[0]).toBe('at,action,actor_id,actor_username,actor_nickname,target,ip,detail,id')
    expect(rows).toHaveLength(3)
    for (const row of rows.slice(1)) {
      const cells = row.split(',')
      expect(cells[1]).toBe('auth.sign_in_failed')
      expect(cells[5]).toBe(victim.username)
      expect(row).not.toContain('wrong-guess')
    }
  })
}

test('the audit log is for admins only', async ({ page }) => {
  await page.goto('/admin/logs')
  await expect(page.getByText('Error 403')).toBeVisible()
  await expect(page.locator('[data-action]')).toHaveCount(0)
})
