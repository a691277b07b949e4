import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  addToastAtom,
  clearToastsAtom,
  currentToastAtom,
  nextToastAtom,
  previousToastAtom,
  removeToastAtom,
  toastsAtom,
} from './toast.ts'

// Spec §9.
const TOAST_DEFAULT_DURATION = 5000

let store: ReturnType<typeof createStore>

beforeEach(() => {
  vi.useFakeTimers()
  store = createStore()
})

afterEach(() => {
  store.set(clearToastsAtom)
  vi.useRealTimers()
})

const add = (message: string, duration?: number) =>
  store.set(addToastAtom, { type: 'success', message, duration })
const currentMessage = () => store.get(currentToastAtom)?.toast.message

describe('toasts (spec §4.6)', () => {
  it('fills in the default duration of 5000 ms and a timestamp', () => {
    vi.setSystemTime(new Date('2026-01-02T03:04:05Z'))
    add('saved')
    const [toast] = store.get(toastsAtom)
    expect(toast).toMatchObject({ type: 'success', message: 'saved', duration: 5000 })
    expect(toast?.timestamp).toBe(Date.parse('2026-01-02T03:04:05Z'))
    expect(toast?.id).toMatch(/^toast-/)
  })

  it('removes a toast after its duration, not before', () => {
    add('saved')
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION - 1)
    expect(store.get(toastsAtom)).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.get(toastsAtom)).toHaveLength(0)
    expect(store.get(currentToastAtom)).toBeNull()
  })

  it('honours a custom duration', () => {
    add('short', 1000)
    add('long', 8000)
    vi.advanceTimersByTime(1000)
    expect(store.get(toastsAtom).map((toast) => toast.message)).toEqual(['long'])
    vi.advanceTimersByTime(7000)
    expect(store.get(toastsAtom)).toEqual([])
  })

  it('shows one at a time: the newest becomes current', () => {
    add('first')
    add('second')
    expect(currentMessage()).toBe('second')
    expect(store.get(currentToastAtom)).toMatchObject({ index: 1, total: 2 })
  })

  it('browses with previous and next, stopping at the ends', () => {
    add('first')
    add('second')
    add('third')
    store.set(nextToastAtom)
    expect(currentMessage()).toBe('third')
    store.set(previousToastAtom)
    store.set(previousToastAtom)
    expect(currentMessage()).toBe('first')
    store.set(previousToastAtom)
    expect(currentMessage()).toBe('first')
  })

  it('after the current one is removed, shows the one that took its place', () => {
    add('first')
    add('second')
    add('third')
    store.set(previousToastAtom)
    const second = store.get(currentToastAtom)?.toast.id ?? ''
    store.set(removeToastAtom, second)
    expect(currentMessage()).toBe('third')
    store.set(removeToastAtom, store.get(currentToastAtom)?.toast.id ?? '')
    expect(currentMessage()).toBe('first')
  })

  it('keeps the current one when another expires', () => {
    add('first', 1000)
    add('second', 5000)
    vi.advanceTimersByTime(1000)
    expect(currentMessage()).toBe('second')
    expect(store.get(currentToastAtom)).toMatchObject({ index: 0, total: 1 })
  })

  it('clears all and cancels their timers', () => {
    add('first')
    add('second')
    store.set(clearToastsAtom)
    expect(store.get(toastsAtom)).toEqual([])
    expect(store.get(currentToastAtom)).toBeNull()
    add('after clear', 3000)
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION)
    expect(store.get(toastsAtom)).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })
})
