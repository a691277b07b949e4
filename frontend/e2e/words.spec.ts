import type { Page, TestInfo } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import enWords from '../src/locales/en/words.json' with { type: 'json' }
import zhWords from '../src/locales/zh/words.json' with { type: 'json' }
import { ADMIN, expect, layoutOf, test, uniqueName } from './helpers.ts'

// The word list (docs/moderation.md): an admin imports a TXT file with one bad line, sees the
// dry run refuse that line with its reason in their language while nothing is written, fixes
// it, runs it dry again, applies, finds the words in the list, and exports the list as TXT with
// the held word marked. In English on a desktop and in Chinese on a phone; each run lists words
// of its own, so the runs of one suite do not meet.

const LABELS = { en: enWords, zh: zhWords } as const
type Lang = keyof typeof LABELS

async function signInAsAdmin(page: Page, info: TestInfo, lang: Lang) {
  const baseURL = info.project.use.baseURL!
  await page.context().addCookies([{ name: 'preference_language', value: lang, url: baseURL }])
  const res = await page.request.post(`${baseURL}/api/auth/username/login`, {
    data: ADMIN,
    headers: { Origin: baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
}

function counts(template: string, values: Record<string, number>): string {
  return Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), template)
}

for (const lang of ['en', 'zh'] as const) {
  test(`an admin imports a word list with one bad line, sees the dry run, applies and exports (${lang}) ${layoutOf(lang)}`, async ({
    page,
  }, info) => {
    const L = LABELS[lang]
    const latin = uniqueName('spamword')
    const chinese = lang === 'zh' ? '禁词甲乙' : '禁词丙丁'
    const bad = `# ${info.project.name}\n${chinese}\n${latin}\thold\n…!?\n`
    const good = `# ${info.project.name}\n${chinese}\n${latin}\thold\n`

    await signInAsAdmin(page, info, lang)
    await page.goto('/admin/words')
    await expect(page.getByRole('heading', { name: L.title, level: 1 })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))

    // Choose the file: its text lands in the editor, the format follows the file's name.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'words.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(bad),
    })
    const editor = page.getByLabel(L.import.textLabel)
    await expect(editor).toHaveValue(bad)
    await expect(page.getByLabel(L.import.format)).toHaveValue('txt')
    const apply = page.getByRole('button', { name: L.import.apply, exact: true })
    await expect(apply).toBeDisabled()

    // The dry run: two words to add, line 4 refused with the server's reason; nothing written.
    await page.getByRole('button', { name: L.import.dryRun }).click()
    const summary = counts(L.import.summary, { added: 2, changed: 0, unchanged: 0, refused: 1 })
    await expect(page.getByText(summary)).toBeVisible()
    const refused = page.getByRole('region', { name: L.import.refused })
    await expect(refused).toContainText(L.import.atLine.replace('{{line}}', '4'))
    await expect(refused).toContainText(
      lang === 'zh' ? '词语至少要有一个字母' : 'A phrase needs at least one letter or digit',
    )
    await expect(apply).toBeDisabled()
    const filter = page.getByLabel(L.list.filterLabel)
    await filter.fill(latin)
    await expect(page.getByText(L.list.noMatch)).toBeVisible()

    // Fix the file in the editor: the old plan no longer speaks for the text, Apply waits.
    await editor.fill(good)
    await expect(page.getByText(summary)).toBeHidden()
    await page.getByRole('button', { name: L.import.dryRun }).click()
    await expect(
      page.getByText(counts(L.import.summary, { added: 2, changed: 0, unchanged: 0, refused: 0 })),
    ).toBeVisible()
    await expect(apply).toBeEnabled()
    await apply.click()
    await expect(
      page
        .getByRole('main')
        .getByText(counts(L.import.applied, { added: 2, changed: 0, unchanged: 0 })),
    ).toBeVisible()
    await expect(apply).toBeDisabled()

    // The list finds both, the Latin one held, whatever its width and case as typed.
    await filter.fill(
      latin.toUpperCase().replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
    )
    const row = page.getByRole('listitem').filter({ hasText: latin })
    await expect(row).toContainText(L.actions.hold)
    await filter.fill(chinese)
    await expect(page.getByRole('listitem').filter({ hasText: chinese })).toContainText(
      L.actions.refuse,
    )

    // Export as TXT: a file that names both, the held one with its tab and "hold".
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: L.export.txt }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('word-list.txt')
    const file = await readFile((await download.path())!, 'utf8')
    expect(file).toContain(`\n${chinese}\n`)
    expect(file).toContain(`\n${latin}\thold\n`)
  })
}
