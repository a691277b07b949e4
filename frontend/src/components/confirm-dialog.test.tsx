import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { confirmStateAtom, showConfirmAtom, type ConfirmOptions } from '@/lib/confirm.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'

function setup(options: ConfirmOptions) {
  const view = renderWithProviders(<ConfirmDialog />)
  act(() => view.store.set(showConfirmAtom, options))
  return { ...view, user: userEvent.setup() }
}

describe('<ConfirmDialog>', () => {
  it('shows title, description, cancel and confirm for type confirm', () => {
    setup({ title: 'Log out this device?', description: 'It will have to log in again.' })
    const dialog = screen.getByRole('alertdialog', { name: 'Log out this device?' })
    expect(dialog).toHaveAccessibleDescription('It will have to log in again.')
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument()
  })

  it.each(['info', 'success', 'warning', 'error'] as const)(
    'shows no cancel button for type %s',
    (type) => {
      setup({ title: 'Heads up', type })
      expect(screen.getByRole('dialog', { name: 'Heads up' })).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument()
    },
  )

  it('disables both buttons while the callback runs, then closes', async () => {
    let finish: () => void = () => undefined
    const { user, store } = setup({
      title: 'Revoke?',
      confirmLabel: 'Log out',
      onConfirm: () => new Promise<void>((resolve) => (finish = resolve)),
    })
    await user.click(screen.getByRole('button', { name: 'Log out' }))
    expect(screen.getByRole('button', { name: 'Log out' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled()
    await act(async () => finish())
    expect(store.get(confirmStateAtom).open).toBe(false)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('cancel closes without running the callback', async () => {
    const onConfirm = vi.fn()
    const { user } = setup({ title: 'Revoke?', onConfirm })
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onConfirm).not.toHaveBeenCalled()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })
})
