import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test, FAKES, layoutOf, register, uniqueName } from './helpers.ts'

// The AI assistant against the fake OpenAI-compatible model of e2e/fakes.mjs, which streams
// DeepSeek-style reasoning (for deepseek-reasoner) and then a Markdown answer.

async function fakeModel(request: APIRequestContext, mode: 'answer' | 'fail' | 'slow') {
  const res = await request.get(`${FAKES}/__fake/llm`, { params: { mode } })
  expect(res.ok()).toBe(true)
}

async function openAssistant(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'AI assistant' }).click()
  const dialog = page.getByRole('dialog', { name: 'AI assistant' })
  await expect(dialog).toBeVisible()
  return dialog
}

function input(dialog: Locator): Locator {
  return dialog.getByRole('textbox', { name: 'Message to the assistant' })
}

async function ask(dialog: Locator, text: string) {
  await input(dialog).fill(text)
  await input(dialog).press('Enter')
}

test.beforeEach(async ({ page, request }) => {
  await fakeModel(request, 'answer')
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
})

test('reasoning then content stream in, with the response time; the chat survives a reload', async ({
  page,
  request,
}) => {
  await register(page, uniqueName('ai'), 'ai-password-1')
  const dialog = await openAssistant(page)
  await expect(input(dialog)).toBeFocused()

  await dialog.getByRole('button', { name: /^Model:/ }).click()
  await page.getByRole('menuitemradio', { name: /DeepSeek Reasoner/ }).click()
  await ask(dialog, '你好，介绍一下庭院')

  // The reasoning arrives first (the fake thinks for about a second before answering) …
  await expect(dialog.getByText('让我')).toBeVisible()
  await expect(dialog.getByText('测试回答')).toHaveCount(0)
  // … then the answer, rendered as Markdown with a highlighted code block and a safe link.
  await expect(dialog.getByText('测试回答')).toBeVisible()
  await expect(dialog.locator('pre code')).toContainText("console.log('庭院')")
  const link = dialog.getByRole('link', { name: 'https://example.com/docs' })
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', /noopener/)
  await expect(link).toHaveAttribute('rel', /noreferrer/)
  // ms under a second, else seconds with one decimal: the fake takes about two seconds.
  await expect(dialog.getByTitle('Response time')).toHaveText(/Response time\s*\d+\.\ds$/)

  // The server passed the conversation on without reasoning, to the chosen model.
  const sent = (await (await request.get(`${FAKES}/__fake/llm/requests`)).json()) as {
    requests: { model: string; messages: { role: string; content: string }[] }[]
  }
  const last = sent.requests.at(-1)!
  expect(last.model).toBe('deepseek-reasoner')
  expect(last.messages).toEqual([{ role: 'user', content: '你好，介绍一下庭院' }])

  // IndexedDB keeps it: after a reload the conversation is still there, titled by the question.
  await page.reload()
  const again = await openAssistant(page)
  await expect(again.getByText('测试回答')).toBeVisible()
  await expect(again.getByText('你好，介绍一下庭院').first()).toBeVisible()
})

test('rename a conversation, then delete it after confirming', async ({ page }) => {
  await register(page, uniqueName('ai'), 'ai-password-1')
  const dialog = await openAssistant(page)
  await ask(dialog, 'First question')
  await expect(dialog.getByText('测试回答')).toBeVisible()

  await dialog.getByRole('button', { name: 'Rename “First question”' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename conversation' })
  await rename.getByLabel('Title').fill('  Renamed chat  ')
  await rename.getByRole('button', { name: 'Save' }).click()
  await expect(rename).toBeHidden()
  await expect(dialog.getByRole('button', { name: 'Rename “Renamed chat”' })).toBeVisible()

  await dialog.getByRole('button', { name: 'Delete “Renamed chat”' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Are you sure you want to delete this session?')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog.getByRole('button', { name: 'Delete “Renamed chat”' })).toHaveCount(0)
  await expect(dialog.getByText('测试回答')).toHaveCount(0)
})

test('a failing provider ends as the send-failed message', async ({ page, request }) => {
  await register(page, uniqueName('ai'), 'ai-password-1')
  await fakeModel(request, 'fail')
  const dialog = await openAssistant(page)
  await ask(dialog, 'Will this work?')
  await expect(dialog.getByText(/The AI service failed; please try again shortly/)).toBeVisible()
  // Sending works again once the provider recovers.
  await fakeModel(request, 'answer')
  await ask(dialog, 'And now?')
  await expect(dialog.getByText('测试回答')).toBeVisible()
})

test('stop ends the answer mid-stream and keeps what arrived', async ({ page, request }) => {
  await register(page, uniqueName('ai'), 'ai-password-1')
  await fakeModel(request, 'slow')
  const dialog = await openAssistant(page)
  await ask(dialog, 'Tell me a long story')
  await expect(dialog.getByText(/第2段/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Stop answering' }).click()
  await expect(dialog.getByRole('button', { name: 'Stop answering' })).toHaveCount(0)
  // What had arrived when the answer stopped stays, and nothing more comes (a paragraph every
  // 400 ms, 40 in all): compared with itself after three more paragraphs' time, rather than
  // with a paragraph number, which a loaded machine reaches before the click lands.
  const answer = dialog.getByText(/第1段/)
  const kept = (await answer.textContent()) ?? ''
  expect(kept).toContain('第2段')
  expect(kept).not.toContain('第40段')
  await page.waitForTimeout(1200)
  await expect(answer).toHaveText(kept)
  await expect(input(dialog)).toBeEnabled()
})

test('signed out, the assistant asks you to log in @phone', async ({ page }) => {
  const dialog = await openAssistant(page)
  await expect(dialog.getByText('Log in to chat with the AI assistant.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('the conversation list: a slide-over on phones, always beside the chat on desktop @phone', async ({
  page,
}, info) => {
  await register(page, uniqueName('ai'), 'ai-password-1')
  const dialog = await openAssistant(page)
  await ask(dialog, 'Layout question')
  await expect(dialog.getByText('测试回答')).toBeVisible()
  const row = dialog.getByRole('button', { name: 'Rename “Layout question”' })
  const history = dialog.getByRole('button', { name: 'Show conversations' })
  if (info.project.name === 'phone') {
    await expect(row).toBeHidden()
    await history.click()
    await expect(row).toBeVisible()
  } else {
    await expect(history).toBeHidden()
    await row.hover()
    await expect(row).toBeVisible()
  }
})

// The assistant answers, with code and the response time, in both languages and colour modes.
for (const lang of ['zh', 'en'] as const) {
  for (const mode of ['light', 'dark'] as const) {
    test(`assistant in ${lang}, ${mode} ${layoutOf(lang)}`, async ({ page, context }, info) => {
      await context.addCookies([
        { name: 'preference_language', value: lang, url: info.project.use.baseURL! },
      ])
      await page.addInitScript((m) => localStorage.setItem('preference_dark', m), mode)
      // Signed in through the API with this context's cookie jar, in any language.
      const baseURL = info.project.use.baseURL!
      const res = await page.request.post(`${baseURL}/api/auth/username/register`, {
        data: { username: uniqueName('ai'), password: 'ai-password-1' },
        headers: { Origin: baseURL },
      })
      expect(res.status()).toBe(201)
      await page.goto('/')
      const label = lang === 'zh' ? 'AI 助手' : 'AI assistant'
      await page.getByRole('banner').getByRole('button', { name: label }).click()
      const dialog = page.getByRole('dialog', { name: label })
      await dialog
        .getByRole('textbox')
        .first()
        .fill(lang === 'zh' ? '介绍一下庭院' : 'Tell me about Courtyard')
      await dialog.getByRole('textbox').first().press('Enter')
      await expect(dialog.locator('pre code')).toContainText("console.log('庭院')")
      await expect(
        dialog.getByTitle('Response time').or(dialog.getByTitle('响应时间')),
      ).toBeVisible()
    })
  }
}
