import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { loadNamespace } from '@/lib/i18n.ts'
import { stubApi, type StubResponse } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { ReportDialog } from './report-dialog.tsx'
import { Toaster } from './toaster.tsx'

await loadNamespace('reports')

const POST = 'POST /api/reports'
const subject = { kind: 'post', id: '0192e0a0-0000-7000-8000-000000000001' } as const

function open(answer: (body: unknown) => StubResponse) {
  const bodies: unknown[] = []
  const fetchMock = stubApi({
    [POST]: (init) => {
      const body: unknown = JSON.parse(String(init?.body))
      bodies.push(body)
      return answer(body)
    },
  })
  const onClose = vi.fn()
  renderWithProviders(
    <>
      <ReportDialog subject={subject} onClose={onClose} />
      <Toaster />
    </>,
  )
  return { bodies, fetchMock, onClose, dialog: screen.getByRole('dialog') }
}

const thanks: StubResponse = {
  status: 201,
  body: { success: true, message: 'Thank you: the moderators will look at it.' },
}

describe('<ReportDialog>', () => {
  it('names what is reported and sends the reason and the note', async () => {
    const user = userEvent.setup()
    const { bodies, onClose, dialog } = open(() => thanks)
    expect(dialog).toHaveAccessibleName('Report this post')
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), '  buy now  ')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce())
    expect(bodies).toEqual([{ kind: 'post', id: subject.id, reason: 'spam', note: 'buy now' }])
    expect(await screen.findByText('Thank you: the moderators will look at it.')).toBeVisible()
  })

  it('asks for a reason, and for a note with "other", before sending anything', async () => {
    const user = userEvent.setup()
    const { fetchMock, dialog } = open(() => thanks)
    const send = within(dialog).getByRole('button', { name: 'Send report' })
    await user.click(send)
    expect(within(dialog).getByText('Choose a reason')).toBeVisible()
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }))
    await user.click(send)
    const note = within(dialog).getByRole('textbox', { name: 'Note' })
    expect(note).toBeRequired()
    expect(note).toHaveAccessibleDescription(/Say what is wrong/)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('counts the note to 500 characters and refuses a longer one', async () => {
    const user = userEvent.setup()
    const { fetchMock, dialog } = open(() => thanks)
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or abuse' }))
    const note = within(dialog).getByRole('textbox', { name: 'Note' })
    await user.click(note)
    await user.paste('字'.repeat(501))
    expect(note).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByText('At most 500 characters')).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled()
    await user.type(note, '{Backspace}')
    expect(note).not.toHaveAttribute('aria-invalid')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows the server's word for a field beside it and keeps what was typed", async () => {
    const user = userEvent.setup()
    const { onClose, dialog } = open(() => ({
      status: 422,
      body: {
        success: false,
        code: 'invalid_report',
        message: 'The report is not valid',
        fields: { note: 'The note is not allowed here' },
      },
    }))
    await user.click(within(dialog).getByRole('radio', { name: 'Illegal content' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'look')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    const note = within(dialog).getByRole('textbox', { name: 'Note' })
    await waitFor(() => expect(note).toHaveAccessibleDescription(/The note is not allowed here/))
    expect(note).toHaveValue('look')
    expect(within(dialog).getByRole('radio', { name: 'Illegal content' })).toBeChecked()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('shows a refusal of the whole report (429, own content) and can send again', async () => {
    const user = userEvent.setup()
    let calls = 0
    const { onClose, dialog } = open(() =>
      ++calls === 1
        ? {
            status: 429,
            body: {
              success: false,
              code: 'rate_limited',
              message: 'Too many reports: try again in 10 min',
            },
          }
        : thanks,
    )
    await user.click(within(dialog).getByRole('radio', { name: "Someone's private information" }))
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many reports: try again in 10 min',
    )
    expect(onClose).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce())
  })
})
