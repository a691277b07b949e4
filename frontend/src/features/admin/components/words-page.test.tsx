import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from '@/components/confirm-dialog.tsx'
import type { WordEntry, WordImportPlan } from '@/lib/api/types.ts'
import { loadNamespace } from '@/lib/i18n.ts'
import { stubApi } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { WordsPage } from './words-page.tsx'

beforeAll(() => loadNamespace('words'))
afterEach(() => vi.unstubAllGlobals())

function word(phrase: string, key: string, patch: Partial<WordEntry> = {}): WordEntry {
  return { phrase, key, action: 'refuse', note: null, createdAt: '2026-11-28T00:00:00Z', ...patch }
}

function page(words: WordEntry[], total = words.length, nextCursor: string | null = null) {
  return { body: { success: true, words, nextCursor, total } }
}

function renderPage(routes: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi(routes)
  renderWithProviders(
    <>
      <WordsPage />
      <ConfirmDialog />
    </>,
  )
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), window.location.href), init }))
      .filter(({ url, init }) => url.pathname === path && (init?.method ?? 'GET') === method)
  return { calls }
}

const PLAN_WITH_A_BAD_LINE: WordImportPlan = {
  success: true,
  applied: false,
  added: [{ line: 2, word: word('法轮', '法轮') }],
  changed: [],
  unchanged: 0,
  refused: [
    {
      line: 3,
      phrase: '…!?',
      reason: 'empty_phrase',
      message: 'A phrase needs at least one letter or digit',
    },
  ],
}

describe('/admin/words', () => {
  it('lists the words with their action and filters as one types', async () => {
    const { calls } = renderPage({
      'GET /api/admin/words': () =>
        page([word('ＦＯＯ', 'foo', { action: 'hold', note: 'spam' }), word('法轮', '法轮')], 2),
    })
    const list = within(await screen.findByRole('list', { name: 'The list' }))
    expect(list.getAllByRole('listitem')).toHaveLength(2)
    expect(list.getByText('ＦＯＯ')).toBeInTheDocument()
    expect(list.getByText('Hold for review')).toBeInTheDocument()
    expect(list.getByText('Note: spam')).toBeInTheDocument()
    expect(screen.getByTestId('word-total')).toHaveTextContent('2 entries in all')
    await userEvent.type(screen.getByLabelText('Filter the list'), '法')
    await waitFor(() =>
      expect(
        calls('GET', '/api/admin/words').some(({ url }) => url.searchParams.get('q') === '法'),
      ).toBe(true),
    )
  })

  it('adds a phrase, keeps what was typed when the server refuses it and shows why', async () => {
    let added = 0
    const { calls } = renderPage({
      'GET /api/admin/words': () => page([]),
      'POST /api/admin/words': () =>
        ++added === 1
          ? {
              status: 409,
              body: {
                success: false,
                code: 'word_listed',
                message: 'The list has this phrase already',
                fields: { phrase: 'The list has this phrase already' },
              },
            }
          : { status: 201, body: { success: true, word: word('bar', 'bar', { action: 'hold' }) } },
    })
    await screen.findByText('The list is empty.')
    const phrase = screen.getByLabelText('Word or phrase')
    await userEvent.type(phrase, 'f-o-o')
    await userEvent.click(screen.getByRole('button', { name: 'Add to the list' }))
    expect(await screen.findByText('The list has this phrase already')).toBeInTheDocument()
    expect(phrase).toHaveValue('f-o-o')
    expect(phrase).toHaveAttribute('aria-invalid', 'true')
    await userEvent.clear(phrase)
    await userEvent.type(phrase, 'bar')
    await userEvent.selectOptions(screen.getByLabelText('When a text holds it'), 'hold')
    await userEvent.type(screen.getByLabelText('Note for administrators (optional)'), 'spam')
    await userEvent.click(screen.getByRole('button', { name: 'Add to the list' }))
    await waitFor(() => expect(phrase).toHaveValue(''))
    const sent = calls('POST', '/api/admin/words').map(({ init }) => JSON.parse(String(init?.body)))
    expect(sent[1]).toEqual({ phrase: 'bar', action: 'hold', note: 'spam' })
  })

  it('removes a word only once asked, by its key', async () => {
    let removed = false
    const { calls } = renderPage({
      'GET /api/admin/words': () => page(removed ? [] : [word('ＦＯＯ', 'foo')]),
      'DELETE /api/admin/words/foo': () => {
        removed = true
        return { status: 204 }
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Remove ＦＯＯ' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Remove “ＦＯＯ” from the list?')).toBeInTheDocument()
    expect(calls('DELETE', '/api/admin/words/foo')).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await screen.findByText('The list is empty.')
    expect(calls('DELETE', '/api/admin/words/foo')).toHaveLength(1)
  })

  it('runs an import dry, shows the refused line, and applies only a clean dry run', async () => {
    let imports = 0
    const { calls } = renderPage({
      'GET /api/admin/words': () => page([]),
      'POST /api/admin/words/import': (init) => {
        imports++
        return String(init?.body).includes('…')
          ? { body: PLAN_WITH_A_BAD_LINE }
          : { body: { ...PLAN_WITH_A_BAD_LINE, refused: [], applied: imports === 3 } }
      },
    })
    const text = await screen.findByLabelText('File contents (or paste them here)')
    await userEvent.type(text, '# list{enter}法轮{enter}…!?')
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }))
    const refused = within(await screen.findByRole('region', { name: 'Refused' }))
    expect(refused.getByText('Line 3.')).toBeInTheDocument()
    expect(refused.getByText('A phrase needs at least one letter or digit')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled()
    const [dry] = calls('POST', '/api/admin/words/import')
    expect(dry?.url.searchParams.get('dryRun')).toBe('true')
    expect(new Headers(dry?.init?.headers).get('Content-Type')).toBe('text/plain')

    await userEvent.clear(text)
    await userEvent.type(text, '# list{enter}法轮')
    expect(screen.queryByRole('region', { name: 'Refused' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }))
    await screen.findByText('1 to add, 0 to change, 0 unchanged, 0 refused')
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(calls('POST', '/api/admin/words/import')).toHaveLength(3))
    expect(calls('POST', '/api/admin/words/import')[2]?.url.searchParams.get('dryRun')).toBe(
      'false',
    )
    expect(
      await screen.findByText('Imported: 1 added, 0 changed, 0 unchanged.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Download TXT' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/admin/words/export?format=txt'),
    )
  })
})
