import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addToastAtom, clearToastsAtom } from '@/lib/toast.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { Toaster } from './toaster.tsx'

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})

afterEach(() => {
  vi.useRealTimers()
})

function setup() {
  const view = renderWithProviders(<Toaster />)
  const add = (message: string, extra: { details?: string; duration?: number } = {}) =>
    act(() => void view.store.set(addToastAtom, { type: 'success', message, ...extra }))
  return { ...view, add, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) }
}

describe('<Toaster>', () => {
  it('shows only the current toast and browses with previous/next', async () => {
    const { add, user } = setup()
    add('first')
    add('second')
    expect(screen.getByText('second')).toBeInTheDocument()
    expect(screen.queryByText('first')).not.toBeInTheDocument()
    expect(screen.getByText('2 / 2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next notification' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Previous notification' }))
    expect(screen.getByText('first')).toBeInTheDocument()
    expect(screen.getByText('1 / 2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous notification' })).toBeDisabled()
  })

  it('refreshes the countdown bar once per second', () => {
    const { add } = setup()
    add('saved', { duration: 4000 })
    const bar = screen.getByRole('progressbar', { name: 'Time left' })
    expect(bar).toHaveAttribute('aria-valuenow', '100')
    act(() => void vi.advanceTimersByTime(999))
    expect(bar).toHaveAttribute('aria-valuenow', '100')
    act(() => void vi.advanceTimersByTime(1))
    expect(bar).toHaveAttribute('aria-valuenow', '75')
    act(() => void vi.advanceTimersByTime(2000))
    expect(bar).toHaveAttribute('aria-valuenow', '25')
  })

  it('disappears when its duration is over', () => {
    const { add } = setup()
    add('saved')
    act(() => void vi.advanceTimersByTime(5000))
    expect(screen.queryByText('saved')).not.toBeInTheDocument()
  })

  it('dismisses, clears all, and reveals details on demand', async () => {
    const { add, user, store } = setup()
    add('first')
    add('failed', { details: 'trace id 42' })
    expect(screen.queryByText('trace id 42')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Details' }))
    expect(screen.getByText('trace id 42')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    expect(screen.getByText('first')).toBeInTheDocument()

    add('again')
    const region = screen.getByRole('region', { name: 'Notifications' })
    await user.click(within(region).getByRole('button', { name: 'Clear all' }))
    expect(region).toBeEmptyDOMElement()
    act(() => void store.set(clearToastsAtom))
  })
})
