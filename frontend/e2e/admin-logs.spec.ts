import { readFile } from 'node:fs/promises'
import enAdmin from '../src/locales/en/admin.json' with { type: 'json' }
import enAudit from '../src/locales/en/audit.json' with { type: 'json' }
import enGallery from '../src/locales/en/gallery.json' with { type: 'json' }
import zhGallery from '../src/locales/zh/gallery.json' with { type: 'json' }
import zhAdmin from '../src/locales/zh/admin.json' with { type: 'json' }
import zhAudit from '../src/locales/zh/audit.json' with { type: 'json' }
import { signUp } from './groups-data.ts'
import { ADMIN, layoutOf, expect, test } from './helpers.ts'

// The audit log (docs/frontend.md, "The audit log"): an admin filters the log to one user's
// refused sign-ins, sees them labelled in the page's language, and exports exactly those as CSV;
// the overview shows the counts and the latest events. In en on desktop and zh on a phone (layoutOf).

const LABELS = {
  en: { admin: enAdmin, audit: enAudit, gallery: enGallery },
  zh: { admin: zhAdmin, audit: zhAudit, gallery: zhGallery },
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

// Issue 22: the filters take a name, not a raw id; ids show short with a copy button; the table
// keeps its columns on desktop and becomes cards on a 360 px phone, with no sideways scroll.
for (const lang of ['en', 'zh'] as const) {
  test(`an admin filters the log by typing a username (${lang}) @desktop`, async ({
    browser,
    page,
  }, info) => {
    test.setTimeout(90_000)
    const L = LABELS[lang]
    const baseURL = info.project.use.baseURL!
    const someone = await browser.newContext({ baseURL })
    const person = await signUp(someone.request, baseURL, 'named')
    await someone.close()
    const otherContext = await browser.newContext({ baseURL })
    const other = await signUp(otherContext.request, baseURL, 'other')
    await otherContext.close()

    await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
    const signIn = await page.request.post(`${baseURL}/api/auth/username/login`, {
      data: ADMIN,
      headers: { Origin: baseURL },
    })
    expect(signIn.status(), await signIn.text()).toBe(200)
    await page.goto('/admin/logs')
    await expect(page.getByRole('heading', { level: 1, name: L.audit.title })).toBeVisible()

    // Part of the username lists them; choosing applies the filter, shown by name.
    await page.getByLabel(L.audit.filters.actor, { exact: true }).fill(person.username.slice(0, -2))
    await page.getByRole('button', { name: new RegExp(`^@${person.username}`) }).click()
    await expect(page.getByTestId('filter-users')).toHaveText(`@${person.username}`)
    const events = page.getByTestId('audit-table').locator('[data-action]')
    await expect(events).not.toHaveCount(0)
    await expect(events.first()).toHaveAttribute('data-action', 'account.registered')
    for (const event of await events.all()) {
      await expect(event.getByText(`@${person.username}`)).toBeVisible()
    }
    // The action stays on one line.
    const label = events.first().locator('[data-action-label]')
    expect((await label.boundingBox())!.height).toBeLessThan(30)

    // An id target is short, with its copy button: the admin disables the other account, then
    // finds their own actions by their name.
    const disabled = await page.request.post(`${baseURL}/api/admin/users/${other.id}/disable`, {
      headers: { Origin: baseURL },
    })
    expect(disabled.status(), await disabled.text()).toBe(200)
    await page
      .getByRole('button', { name: new RegExp(`@${person.username}`) })
      .first()
      .click()
    await page.getByLabel(L.audit.filters.actor, { exact: true }).fill(ADMIN.username)
    await page.getByRole('button', { name: new RegExp(`^@${ADMIN.username}`) }).click()
    const disabling = page.getByTestId('audit-table').locator('[data-action="user.disabled"]')
    const shortId = disabling.first().locator('[data-short-id]')
    await expect(shortId).toHaveAttribute('data-short-id', other.id)
    await expect(shortId.locator('code [aria-hidden="true"]')).toHaveText(other.id.slice(0, 8))
    const copy = await shortId.getByRole('button').boundingBox()
    expect(copy!.width).toBeGreaterThanOrEqual(44)
    expect(copy!.height).toBeGreaterThanOrEqual(44)

    // Looked at: desktop and a 360 px phone, light and dark (no sideways scroll on the phone).
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await page.waitForTimeout(150)
        if (width === 360) {
          await expect(
            page.getByTestId('audit-cards').locator('[data-action]').first(),
          ).toBeVisible()
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          )
          expect(overflow).toBeLessThanOrEqual(0)
        }
        await page.screenshot({
          path: `test-results/screens/logs-${lang}-${width}-${colorScheme}.png`,
          fullPage: width === 360,
        })
      }
    }
    // The gallery's owner filter takes a name the same way.
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/admin/gallery')
    await page
      .getByLabel(L.gallery.filters.owner, { exact: true })
      .fill(person.username.slice(0, -2))
    await page.getByRole('button', { name: new RegExp(`^@${person.username}`) }).click()
    await expect(page.getByTestId('filter-users')).toHaveText(`@${person.username}`)
    await page.getByLabel(L.gallery.filters.group, { exact: true }).fill('zz')
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await page.waitForTimeout(300)
        await page.screenshot({
          path: `test-results/screens/gallery-${lang}-${width}-${colorScheme}.png`,
          fullPage: width === 360,
        })
      }
    }
    await page.getByLabel(L.gallery.filters.group, { exact: true }).fill('')

    // The overview's integrations (their last calls), looked at in the same four ways.
    await page.goto('/admin')
    await expect(page.getByTestId('attempt-weather')).toBeVisible()
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await page.waitForTimeout(150)
        await page.screenshot({
          path: `test-results/screens/overview-${lang}-${width}-${colorScheme}.png`,
          fullPage: true,
        })
      }
    }
  })
}
