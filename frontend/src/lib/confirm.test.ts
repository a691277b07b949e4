import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  acceptConfirmAtom,
  closeConfirmAtom,
  confirmStateAtom,
  showConfirmAtom,
} from './confirm.ts'

// Spec §9.
const CONFIRM_REPLACE_DELAY_MS = 100
const CONFIRM_TEXT_CLEAR_DELAY_MS = 300

let store: ReturnType<typeof createStore>

beforeEach(() => {
  vi.useFakeTimers()
  store = createStore()
})

afterEach(() => {
  vi.runOnlyPendingTimers()
  vi.useRealTimers()
})

const state = () => store.get(confirmStateAtom)

describe('confirm dialog state (spec §4.7)', () => {
  it('opens with type confirm by default', () => {
    store.set(showConfirmAtom, { title: 'Delete?', description: 'Gone for good.' })
    expect(state()).toMatchObject({ open: true, loading: false, type: 'confirm', title: 'Delete?' })
  })

  it('showing while open closes the first and opens the new one after 100 ms', () => {
    store.set(showConfirmAtom, { title: 'First' })
    store.set(showConfirmAtom, { title: 'Second', type: 'warning' })
    expect(state()).toMatchObject({ open: false, title: 'First' })
    vi.advanceTimersByTime(CONFIRM_REPLACE_DELAY_MS - 1)
    expect(state().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(state()).toMatchObject({ open: true, title: 'Second', type: 'warning' })
  })

  it('the replaced dialog texts are not cleared over the new one', () => {
    store.set(showConfirmAtom, { title: 'First' })
    store.set(showConfirmAtom, { title: 'Second' })
    vi.advanceTimersByTime(CONFIRM_TEXT_CLEAR_DELAY_MS + 50)
    expect(state()).toMatchObject({ open: true, title: 'Second' })
  })

  it('clears the texts 300 ms after closing', () => {
    store.set(showConfirmAtom, { title: 'Delete?', description: 'Gone.' })
    store.set(closeConfirmAtom)
    expect(state()).toMatchObject({ open: false, title: 'Delete?', description: 'Gone.' })
    vi.advanceTimersByTime(CONFIRM_TEXT_CLEAR_DELAY_MS - 1)
    expect(state().title).toBe('Delete?')
    vi.advanceTimersByTime(1)
    expect(state()).toMatchObject({ open: false, title: '' })
    expect(state().description).toBeUndefined()
  })

  it('confirm runs the callback with the loading flag set, then closes', async () => {
    let resolve: () => void = () => undefined
    const seen: boolean[] = []
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((done) => {
          seen.push(state().loading)
          resolve = done
        }),
    )
    store.set(showConfirmAtom, { title: 'Revoke?', onConfirm })
    const accepted = store.set(acceptConfirmAtom)
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(seen).toEqual([true])
    expect(state()).toMatchObject({ open: true, loading: true })
    resolve()
    await accepted
    expect(state()).toMatchObject({ open: false, loading: false })
  })

  it('confirm without a callback just closes', async () => {
    store.set(showConfirmAtom, { title: 'Saved', type: 'success' })
    await store.set(acceptConfirmAtom)
    expect(state().open).toBe(false)
  })

  it('a failing callback is only logged and the dialog still closes', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    store.set(showConfirmAtom, {
      title: 'Revoke?',
      onConfirm: () => Promise.reject(new Error('nope')),
    })
    await store.set(acceptConfirmAtom)
    expect(state()).toMatchObject({ open: false, loading: false })
    expect(logged).toHaveBeenCalledWith('Confirm callback failed', expect.any(Error))
  })

  it('ignores a second confirm while the callback runs', async () => {
    const onConfirm = vi.fn(() => new Promise<void>((done) => setTimeout(done, 10)))
    store.set(showConfirmAtom, { title: 'Revoke?', onConfirm })
    const first = store.set(acceptConfirmAtom)
    void store.set(acceptConfirmAtom)
    await vi.advanceTimersByTimeAsync(10)
    await first
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })
})
