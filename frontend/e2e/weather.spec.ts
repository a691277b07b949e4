// The weather map against the fake forecast API (e2e/fakes.mjs: round(52 − 1.2 × latitude) °C,
// conditions by the place's position; Sichuan is 15 °C with drizzle, "light rain").
import type { Page } from '@playwright/test'
import { expect, test } from './helpers.ts'
import { postByApi, signUpPoster } from './plaza-data.ts'

async function inLanguage(page: Page, baseURL: string, lang: 'zh' | 'en') {
  await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
}

test.describe('the weather map', () => {
  test('shows every province with the fake provider’s temperatures and opens one by keyboard @phone', async ({
    page,
    baseURL,
    request,
  }) => {
    // Someone posts from Sichuan: the province's details show it.
    await signUpPoster(request, baseURL!, 'Chengdu walker', 'sichuan')
    const said = `Sunny in Chengdu ${Date.now()}`
    await postByApi(request, baseURL!, { body: said, district: '510000' })
    await inLanguage(page, baseURL!, 'en')
    await page.goto('/plaza/weather/map')
    await expect(page.getByRole('heading', { level: 1, name: 'Weather map' })).toBeVisible()
    const sichuan = page.getByRole('button', { name: 'Sichuan, 15 °C, light rain' })
    await expect(sichuan).toBeVisible()
    await expect(sichuan).toContainText('15 °C')
    await expect(page.getByRole('button', { name: 'Heilongjiang, -3 °C, showers' })).toBeVisible()
    await expect(page.locator('[data-province]')).toHaveCount(34)
    await expect(page.locator('[data-weather-state]')).toHaveCount(0)
    await expect(page.getByRole('link', { name: /Open-Meteo/ })).toHaveAttribute(
      'href',
      'https://open-meteo.com/',
    )
    // Tiles stay big enough to tap, on a phone too.
    const box = await sichuan.boundingBox()
    expect(box!.width).toBeGreaterThanOrEqual(44)
    expect(box!.height).toBeGreaterThanOrEqual(44)

    await sichuan.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Sichuan' })
    await expect(dialog).toBeVisible()
    const days = dialog.locator('[data-forecast-day]')
    await expect(days).toHaveCount(3)
    await expect(days.first()).toContainText('Today')
    await expect(days.nth(1)).toContainText('Overcast · 9 °C to 17 °C')
    await expect(dialog.getByText('Latest posts in Sichuan')).toBeVisible()
    await expect(dialog.getByText(said)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(sichuan).toBeFocused()
  })

  test('speaks Chinese @phone', async ({ page, baseURL }) => {
    await inLanguage(page, baseURL!, 'zh')
    await page.goto('/plaza/weather/map')
    await expect(page.getByRole('heading', { level: 1, name: '天气地图' })).toBeVisible()
    const sichuan = page.getByRole('button', { name: '四川，15 °C，小雨' })
    await expect(sichuan).toContainText('四川')
    await page.getByRole('button', { name: '内蒙古，3 °C，小雨' }).click()
    const dialog = page.getByRole('dialog', { name: '内蒙古自治区' })
    await expect(dialog.locator('[data-forecast-day]')).toHaveCount(3)
    await expect(dialog.locator('[data-forecast-day]').first()).toContainText('今天')
    await expect(dialog.getByText('内蒙古的最新动态')).toBeVisible()
  })
})
