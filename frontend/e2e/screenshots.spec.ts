import { expect, test } from '@playwright/test'

// Screenshots of `/` in both languages and both colour modes, kept as test artifacts.
for (const lang of ['zh', 'en'] as const) {
  for (const mode of ['light', 'dark'] as const) {
    test(`home in ${lang}, ${mode}`, async ({ page, context }, info) => {
      await context.addCookies([
        { name: 'preference_language', value: lang, url: info.project.use.baseURL! },
      ])
      await page.addInitScript((m) => localStorage.setItem('preference_dark', m), mode)
      await page.goto('/')
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))
      if (mode === 'dark') await expect(page.locator('html')).toHaveClass(/dark/)
      else await expect(page.locator('html')).not.toHaveClass(/dark/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.screenshot({
        path: `e2e/artifacts/home-${lang}-${mode}-${info.project.name}.png`,
        fullPage: true,
      })
    })
  }
}
