import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Modal } from './modal.tsx'

// Spec §9.
const MODAL_BASE_Z_INDEX = 1000

function backdropOf(dialog: HTMLElement): HTMLElement {
  const backdrop = dialog.parentElement
  if (!backdrop) throw new Error('dialog has no backdrop')
  return backdrop
}

/** Two modals, the second opened from inside the first. */
function Stack() {
  const [first, setFirst] = useState(false)
  const [second, setSecond] = useState(false)
  return (
    <>
      <button onClick={() => setFirst(true)}>Open first</button>
      <Modal open={first} onClose={() => setFirst(false)} title="First">
        <input aria-label="Name" />
        <button onClick={() => setSecond(true)}>Open second</button>
      </Modal>
      <Modal open={second} onClose={() => setSecond(false)} title="Second">
        <button>Inner</button>
      </Modal>
    </>
  )
}

const MODAL_STATE_KEY = '__courtyardModal'
const modalKey = () => (window.history.state as Record<string, unknown> | null)?.[MODAL_STATE_KEY]

beforeEach(() => {
  window.history.replaceState({ page: 'start' }, '')
})

afterEach(async () => {
  document.body.style.overflow = ''
  // Let history traversals started by closing modals finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('<Modal> and the modal stack (spec §4.3)', () => {
  it('stacks with z-index from 1000 upwards', async () => {
    const user = userEvent.setup()
    render(<Stack />)
    await user.click(screen.getByRole('button', { name: 'Open first' }))
    await user.click(screen.getByRole('button', { name: 'Open second' }))
    const first = screen.getByRole('dialog', { name: 'First', hidden: true })
    const second = screen.getByRole('dialog', { name: 'Second' })
    expect(backdropOf(first).style.zIndex).toBe(String(MODAL_BASE_Z_INDEX))
    expect(backdropOf(second).style.zIndex).toBe(String(MODAL_BASE_Z_INDEX + 1))
  })

  it('locks page scroll while any modal is open and restores it after the last closes', async () => {
    const user = userEvent.setup()
    document.body.style.overflow = 'scroll'
    render(<Stack />)
    await user.click(screen.getByRole('button', { name: 'Open first' }))
    expect(document.body.style.overflow).toBe('hidden')
    await user.click(screen.getByRole('button', { name: 'Open second' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Second' })).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('hidden')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('scroll')
  })

  it('Escape closes only the top modal', async () => {
    const user = userEvent.setup()
    render(<Stack />)
    await user.click(screen.getByRole('button', { name: 'Open first' }))
    await user.click(screen.getByRole('button', { name: 'Open second' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Second' })).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument()
  })

  it('a backdrop click closes it; a click inside does not', async () => {
    const user = userEvent.setup()
    render(<Stack />)
    await user.click(screen.getByRole('button', { name: 'Open first' }))
    const dialog = screen.getByRole('dialog', { name: 'First' })
    await user.click(screen.getByRole('textbox', { name: 'Name' }))
    expect(dialog).toBeInTheDocument()
    await user.click(backdropOf(dialog))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('opening adds a history entry, and Back closes the top modal', async () => {
    const user = userEvent.setup()
    render(<Stack />)
    await user.click(screen.getByRole('button', { name: 'Open first' }))
    const firstKey = modalKey()
    expect(firstKey).toBeTruthy()
    expect(window.history.state).toMatchObject({ page: 'start' })
    await user.click(screen.getByRole('button', { name: 'Open second' }))
    expect(modalKey()).not.toBe(firstKey)

    act(() => window.history.back())
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Second' })).not.toBeInTheDocument(),
    )
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(window.history.state).toEqual({ page: 'start' }))
  })

  it('closing it another way removes its history entry', async () => {
    const user = userEvent.setup()
    render(<Stack />)
    await user.click(screen.getByRole('button', { name: 'Open first' }))
    expect(modalKey()).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(window.history.state).toEqual({ page: 'start' }))
  })

  it('keeps exactly one history entry per modal under StrictMode remounts', async () => {
    const user = userEvent.setup()
    render(
      <StrictMode>
        <Stack />
      </StrictMode>,
    )
    await user.click(screen.getByRole('button', { name: 'Open first' }))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(modalKey()).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(window.history.state).toEqual({ page: 'start' }))
  })

  it('traps focus inside and gives it back on close', async () => {
    const user = userEvent.setup()
    render(<Stack />)
    const opener = screen.getByRole('button', { name: 'Open first' })
    await user.click(opener)
    const name = screen.getByRole('textbox', { name: 'Name' })
    const close = screen.getByRole('button', { name: 'Close' })
    expect(name).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Open second' })).toHaveFocus()
    await user.tab()
    expect(close).toHaveFocus()
    await user.tab()
    expect(name).toHaveFocus()
    await user.tab({ shift: true })
    expect(close).toHaveFocus()

    act(() => opener.focus())
    expect(name).toHaveFocus()

    await user.keyboard('{Escape}')
    expect(opener).toHaveFocus()
  })

  it('with history={false} pushes no entry, and Back does not close it', async () => {
    const user = userEvent.setup()
    function Prompt() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button onClick={() => setOpen(true)}>Open prompt</button>
          <Modal open={open} onClose={() => setOpen(false)} title="Prompt" history={false}>
            <button>Inner</button>
          </Modal>
        </>
      )
    }
    render(<Prompt />)
    await user.click(screen.getByRole('button', { name: 'Open prompt' }))
    expect(screen.getByRole('dialog', { name: 'Prompt' })).toBeInTheDocument()
    expect(window.history.state).toEqual({ page: 'start' })
    act(() => window.dispatchEvent(new PopStateEvent('popstate')))
    expect(screen.getByRole('dialog', { name: 'Prompt' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(window.history.state).toEqual({ page: 'start' })
  })

  it('is labelled by its title and marked modal', async () => {
    const user = userEvent.setup()
    render(<Stack />)
    await user.click(screen.getByRole('button', { name: 'Open first' }))
    const dialog = screen.getByRole('dialog', { name: 'First' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
  })
})
