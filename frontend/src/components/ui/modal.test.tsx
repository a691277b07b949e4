import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode, useRef, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
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

    // Focus that wanders outside (a click on the page behind) goes back where it was inside.
    act(() => opener.focus())
    expect(close).toHaveFocus()

    await user.keyboard('{Escape}')
    expect(opener).toHaveFocus()
  })

  it('gives the focus to the main region when its action removed the trigger', async () => {
    function Removes() {
      const [open, setOpen] = useState(false)
      const [gone, setGone] = useState(false)
      return (
        <main id="main" tabIndex={-1}>
          {!gone && <button onClick={() => setOpen(true)}>Revoke</button>}
          <Modal open={open} onClose={() => setOpen(false)} title="Revoke it?">
            <button
              onClick={() => {
                setGone(true)
                setOpen(false)
              }}
            >
              Yes, revoke
            </button>
          </Modal>
        </main>
      )
    }
    const user = userEvent.setup()
    render(<Removes />)
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    await user.click(screen.getByRole('button', { name: 'Yes, revoke' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveFocus()
  })

  it('Shift+Tab from the dialog itself goes to its last element, never stuck on the dialog', async () => {
    // Radix puts the focus on the dialog when the focused element leaves the DOM (a message
    // re-rendered); its trap then sent every Shift+Tab back to the dialog (a keyboard trap).
    const user = userEvent.setup()
    render(<Stack />)
    await user.click(screen.getByRole('button', { name: 'Open first' }))
    const dialog = screen.getByRole('dialog', { name: 'First' })
    act(() => dialog.focus())
    expect(dialog).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Open second' })).toHaveFocus()
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

  it('an alert dialog is named by its title and described by its description', async () => {
    render(
      <Modal
        open
        onClose={() => {}}
        title="Delete?"
        description="It cannot be undone."
        role="alertdialog"
      >
        <button>Delete</button>
      </Modal>,
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete?' })
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.')
  })

  it('a bare modal is named by its title string', async () => {
    render(
      <Modal open bare onClose={() => {}} title="Assistant">
        <button>Send</button>
      </Modal>,
    )
    expect(await screen.findByRole('dialog', { name: 'Assistant' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
  })

  it('hides the page behind from assistive technology while open', async () => {
    const user = userEvent.setup()
    render(<Stack />)
    const opener = screen.getByRole('button', { name: 'Open first' })
    await user.click(opener)
    expect(screen.queryByRole('button', { name: 'Open first' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Open first', hidden: true })).toBe(opener)
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Open first' })).toBe(opener)
  })

  it('focuses initialFocusRef when given', async () => {
    function WithRef() {
      const ref = useRef<HTMLInputElement>(null)
      return (
        <Modal open onClose={() => {}} title="Rename" initialFocusRef={ref}>
          <button>First button</button>
          <input aria-label="Title" ref={ref} />
        </Modal>
      )
    }
    render(<WithRef />)
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus())
  })

  it('focuses the first control instead when initialFocusRef is disabled', async () => {
    function WithDisabledRef() {
      const ref = useRef<HTMLTextAreaElement>(null)
      return (
        <Modal open onClose={() => {}} title="Assistant" initialFocusRef={ref}>
          <button>First button</button>
          <textarea aria-label="Message" ref={ref} disabled />
        </Modal>
      )
    }
    render(<WithDisabledRef />)
    await waitFor(() => expect(screen.getByRole('button', { name: 'First button' })).toHaveFocus())
  })

  it('Escape that a control inside handles itself does not close the modal', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(
      <Modal open onClose={onClose} title="With menu">
        <div
          onKeyDown={(event) => {
            if (event.key === 'Escape') event.stopPropagation()
          }}
        >
          <button>Menu item</button>
        </div>
        <button>Elsewhere</button>
      </Modal>,
    )
    await user.click(await screen.findByRole('button', { name: 'Menu item' }))
    await user.keyboard('{Escape}')
    expect(onClose).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('a click on something outside other than the backdrop (a toast) does not close it', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(
      <>
        <div style={{ pointerEvents: 'auto' }}>
          <button>Toast action</button>
        </div>
        <Modal open onClose={onClose} title="Open">
          <button>Inside</button>
        </Modal>
      </>,
    )
    await screen.findByRole('dialog', { name: 'Open' })
    // Radix starts listening for outside clicks one task after opening.
    await new Promise((resolve) => setTimeout(resolve, 10))
    await user.click(screen.getByRole('button', { name: 'Toast action', hidden: true }))
    expect(onClose).not.toHaveBeenCalled()
    await user.click(backdropOf(screen.getByRole('dialog', { name: 'Open' })))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
