import type { Page, TestInfo } from '@playwright/test'
import enDistricts from '../src/locales/en/districts.json' with { type: 'json' }
import zhDistricts from '../src/locales/zh/districts.json' with { type: 'json' }
import { ADMIN, layoutOf, expect, test } from './helpers.ts'

// The district administration (docs/plaza.md, "Districts"): an admin imports a CSV of cities
// with one bad line, sees the dry run refuse that line with its reason while nothing is written,
// corrects the line in the editor, runs it dry again and applies; the cities then appear under
// their province in the tree. In English on a desktop and in Chinese on a phone (layoutOf); each
// run imports the cities of its own province, so the runs of one suite do not meet.

const LABELS = { en: enDistricts, zh: zhDistricts } as const
type Lang = keyof typeof LABELS

/** The province each run imports into, and four of its cities (the third one's code is bad). */
const PROVINCES: Record<string, { code: string; zh: string; en: string; cities: string[][] }> = {
  'desktop-en': {
    code: '510000',
    zh: '四川省',
    en: 'Sichuan',
    cities: [
      ['510100', '成都市', 'Chengdu', '30.5728', '104.0668'],
      ['510700', '绵阳市', 'Mianyang', '31.4675', '104.6796'],
      ['510800', '广元市', 'Guangyuan', '32.4355', '105.8434'],
      ['510900', '遂宁市', 'Suining', '30.5327', '105.5929'],
    ],
  },
  'phone-zh': {
    code: '430000',
    zh: '湖南省',
    en: 'Hunan',
    cities: [
      ['430100', '长沙市', 'Changsha', '28.2282', '112.9388'],
      ['430200', '株洲市', 'Zhuzhou', '27.8274', '113.1340'],
      ['430300', '湘潭市', 'Xiangtan', '27.8297', '112.9441'],
      ['430400', '衡阳市', 'Hengyang', '26.8934', '112.5720'],
    ],
  },
}

function csv(rows: string[][]): string {
  return ['code,name_zh,name_en,lat,lon', ...rows.map((r) => r.join(','))].join('\n') + '\n'
}

async function signInAsAdmin(page: Page, info: TestInfo, lang: Lang) {
  const baseURL = info.project.use.baseURL!
  await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
  const res = await page.request.post(`${baseURL}/api/auth/username/login`, {
    data: ADMIN,
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** How many divisions the server holds under `code`. */
async function childCount(page: Page, info: TestInfo, code: string): Promise<number> {
  const res = await page.request.get(`${info.project.use.baseURL}/api/districts?parent=${code}`)
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { districts: unknown[] }).districts.length
}

for (const lang of ['en', 'zh'] as const) {
  test(`an admin imports cities with one bad line, sees the dry run, fixes it and applies (${lang}) ${layoutOf(lang)}`, async ({
    page,
  }, info) => {
    const L = LABELS[lang]
    const province = PROVINCES[`${info.project.name}-${lang}`]
    const name = (zh: string, en: string) => (lang === 'zh' ? zh : en)
    const good = province.cities
    const bad = good.map((row, i) => (i === 2 ? [row[0].slice(0, 4) + 'XX', ...row.slice(1)] : row))

    await signInAsAdmin(page, info, lang)
    await page.goto('/admin/districts')
    await expect(page.getByRole('heading', { name: L.title, level: 1 })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))

    // Choose the file: its text lands in the editor, the format follows the file's name.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'cities.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv(bad)),
    })
    const editor = page.getByLabel(L.import.textLabel)
    await expect(editor).toHaveValue(csv(bad))
    await expect(page.getByLabel(L.import.format)).toHaveValue('csv')
    const apply = page.getByRole('button', { name: L.import.apply, exact: true })
    await expect(apply).toBeDisabled()

    // The dry run: three cities to add, line 4 refused with the server's reason; nothing written.
    await page.getByRole('button', { name: L.import.dryRun }).click()
    const summary = L.import.summary
      .replace('{{added}}', '3')
      .replace('{{changed}}', '0')
      .replace('{{unchanged}}', '0')
      .replace('{{refused}}', '1')
    await expect(page.getByText(summary)).toBeVisible()
    const refused = page.getByRole('listitem').filter({ hasText: bad[2][0] })
    await expect(refused).toContainText(L.import.atLine.replace('{{line}}', '4'))
    await expect(refused).toContainText(
      lang === 'zh' ? '行政区代码是 6 位数字' : 'A district code is six digits',
    )
    await expect(apply).toBeDisabled()
    expect(await childCount(page, info, province.code)).toBe(0)

    // Fix line 4 in the editor: the old plan no longer speaks for the text, Apply waits.
    await editor.fill(csv(good))
    await expect(page.getByText(summary)).toBeHidden()
    await expect(apply).toBeDisabled()
    await page.getByRole('button', { name: L.import.dryRun }).click()
    await expect(
      page.getByText(
        L.import.summary
          .replace('{{added}}', '4')
          .replace('{{changed}}', '0')
          .replace('{{unchanged}}', '0')
          .replace('{{refused}}', '0'),
      ),
    ).toBeVisible()
    await expect(apply).toBeEnabled()
    await apply.click()
    const applied = L.import.applied
      .replace('{{added}}', '4')
      .replace('{{changed}}', '0')
      .replace('{{unchanged}}', '0')
    await expect(page.getByRole('main').getByText(applied)).toBeVisible()
    await expect(apply).toBeDisabled()
    expect(await childCount(page, info, province.code)).toBe(4)

    // The tree: the province opens to its four new cities.
    const tree = page.getByRole('list', { name: L.browse.treeLabel })
    const toggle = tree.getByRole('button', {
      name: new RegExp(`^${name(province.zh, province.en)}`),
    })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    for (const [, zh, en] of good) {
      await expect(tree.getByRole('button', { name: new RegExp(`^${name(zh, en)}`) })).toBeVisible()
    }

    // And a search finds one of them by its other language's name.
    await page.getByLabel(L.browse.searchLabel).fill(lang === 'zh' ? good[0][2] : good[0][1])
    const results = page.getByRole('list', { name: L.browse.resultsLabel })
    await expect(results.getByText(good[0][0])).toBeVisible()
  })
}
