import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { MentionTextarea } from './mention-textarea.tsx'

const people = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'anna',
    nickname: '安娜',
    avatarUrl: null,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    username: 'andy',
    nickname: 'Andy',
    avatarUrl: null,
  },
]

/** A field whose value lives in its parent, as every form's does. */
function Form({ groupId, onValue }: { groupId?: string; onValue: (v: string) => void }) {
  const [value, setValue] = useState('')
  return (
    <MentionTextarea
      aria-label="body"
      groupId={groupId ?? null}
      value={value}
      onChange={(event) => {
        setValue(event.target.value)
        onValue(event.target.value)
      }}
    />
  )
}

function typeText(field: HTMLTextAreaElement, text: string) {
  fireEvent.change(field, { target: { value: text } })
  field.setSelectionRange(text.length, text.length)
  fireEvent.keyUp(field, { key: text.at(-1) })
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('MentionTextarea', () => {
  it('asks for the name being typed and completes the chosen one into the value', async () => {
    const asked: string[] = []
    stubApi({
      'GET /api/mentions/suggestions': () => ({ body: { success: true, people } }),
    })
    const fetchMock = vi.mocked(fetch)
    const values: string[] = []
    renderWithProviders(<Form groupId="g-1" onValue={(v) => values.push(v)} />)
    const field = screen.getByLabelText<HTMLTextAreaElement>('body')
    typeText(field, '谢谢 @an')
    const list = await screen.findByRole('listbox')
    for (const call of fetchMock.mock.calls) asked.push(String(call[0]))
    expect(asked.some((url) => url.includes('q=an') && url.includes('groupId=g-1'))).toBe(true)
    expect(list.querySelectorAll('[role="option"]')).toHaveLength(2)
    expect(field.getAttribute('aria-activedescendant')).toBeTruthy()
    // ↓ then Enter takes the second.
    fireEvent.keyDown(field, { key: 'ArrowDown' })
    fireEvent.keyDown(field, { key: 'Enter' })
    await waitFor(() => expect(values.at(-1)).toBe('谢谢 @andy '))
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('takes a tapped suggestion and closes on Escape without taking', async () => {
    stubApi({ 'GET /api/mentions/suggestions': () => ({ body: { success: true, people } }) })
    const values: string[] = []
    renderWithProviders(<Form onValue={(v) => values.push(v)} />)
    const field = screen.getByLabelText<HTMLTextAreaElement>('body')
    typeText(field, '@a')
    await screen.findByRole('listbox')
    fireEvent.keyDown(field, { key: 'Escape' })
    expect(screen.queryByRole('listbox')).toBeNull()
    typeText(field, '@an')
    const option = await screen.findByRole('option', { name: /anna/ })
    act(() => option.click())
    await waitFor(() => expect(values.at(-1)).toBe('@anna '))
  })

  it('asks nothing for an e-mail address', async () => {
    const fetchMock = stubApi({})
    renderWithProviders(<Form onValue={() => {}} />)
    const field = screen.getByLabelText<HTMLTextAreaElement>('body')
    typeText(field, 'mail me@an')
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
