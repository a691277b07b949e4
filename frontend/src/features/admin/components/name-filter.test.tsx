import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadNamespace } from '@/lib/i18n.ts'
import { stubApi } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import type { NamedFilter } from './gallery-model.ts'
import { NameFilterField } from './name-filter.tsx'

beforeAll(() => loadNamespace('admin'))
afterEach(() => vi.unstubAllGlobals())

const ALICE = '0f8c2e1a-0000-4000-8000-0000000000a1'

function Harness({ onChange }: { onChange: (value: NamedFilter | null) => void }) {
  const [value, setValue] = useState<NamedFilter | null>(null)
  return (
    <NameFilterField
      kind="users"
      label="Actor"
      value={value}
      onChange={(next) => {
        setValue(next)
        onChange(next)
      }}
    />
  )
}

describe('a filter that takes a name', () => {
  it('lists the users a name finds and applies the one chosen, by id', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/directory/users': () => ({
        body: {
          success: true,
          items: [
            { id: ALICE, name: 'alice', detail: 'Alice' },
            { id: '0f8c2e1a-0000-4000-8000-0000000000a2', name: 'alicia', detail: 'Alicia' },
          ],
        },
      }),
    })
    const onChange = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<Harness onChange={onChange} />)
    await user.type(screen.getByLabelText('Actor'), 'ali')
    await user.click(await screen.findByRole('button', { name: /^@alice/ }))
    expect(onChange).toHaveBeenCalledWith({ id: ALICE, name: '@alice' })
    expect(screen.getByTestId('filter-users')).toHaveTextContent('@alice')
    const asked = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), location.href)
    expect(asked.searchParams.get('q')).toBe('ali')

    await user.click(screen.getByRole('button', { name: 'Clear the filter @alice' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
  })

  it('applies a pasted id at once, without asking the server', async () => {
    const fetchMock = stubApi({})
    const onChange = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<Harness onChange={onChange} />)
    await user.click(screen.getByLabelText('Actor'))
    await user.paste(ALICE.toUpperCase())
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ id: ALICE, name: '0f8c2e1a' }))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says when nothing has that name', async () => {
    stubApi({ 'GET /api/admin/directory/users': () => ({ body: { success: true, items: [] } }) })
    const user = userEvent.setup()
    renderWithProviders(<Harness onChange={vi.fn()} />)
    await user.type(screen.getByLabelText('Actor'), 'zz')
    expect(await screen.findByText('Nothing by that name')).toBeInTheDocument()
  })
})
