import { accessibilityFindings } from './checks.ts'
import { expect, test } from './helpers.ts'

// The checks every test inherits (e2e/checks.ts) see what they are meant to: each problem is
// caused on purpose, found, and then cleared so that this test itself ends clean.

test('the inherited checks catch a CSP violation, a page error and a serious axe finding', async ({
  page,
  pageChecks,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // An image from another origin: img-src 'self' refuses it (before any request is made).
  await page.evaluate(() => {
    const img = document.createElement('img')
    img.src = 'https://example.com/blocked.png'
    img.alt = ''
    document.body.append(img)
  })
  // Both channels see it: the page's securitypolicyviolation event and Chromium's console
  // report. They arrive in either order; clearing after the first left the other to fail this
  // test's own teardown once CI stopped recording traces and the run got quicker.
  await expect
    .poll(() => pageChecks.csp.join('\n'))
    .toMatch(/img-src blocked https:\/\/example\.com/)
  await expect.poll(() => pageChecks.csp.join('\n')).toMatch(/Content Security Policy.*img-src/s)
  pageChecks.csp.length = 0

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('thrown on purpose')
    })
  })
  await expect.poll(() => pageChecks.pageErrors.join('\n')).toContain('thrown on purpose')
  pageChecks.pageErrors.length = 0

  // A button without a name is a critical axe-core finding.
  await page.evaluate(() => {
    const button = document.createElement('button')
    button.id = 'nameless'
    document.querySelector('main')!.append(button)
  })
  expect((await accessibilityFindings(page)).join('\n')).toContain('button-name')
  await page.evaluate(() => document.getElementById('nameless')!.remove())
  expect(await accessibilityFindings(page)).toEqual([])
})
