import { act, renderHook } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { colorModePreferenceAtom, useColorModeSync } from './color-mode.ts'

/** A controllable prefers-color-scheme media query. */
function fakeMedia(initiallyDark: boolean) {
  const listeners = new Set<() => void>()
  const media = {
    matches: initiallyDark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }
  vi.spyOn(window, 'matchMedia').mockReturnValue(media as unknown as MediaQueryList)
  return {
    set(dark: boolean) {
      media.matches = dark
      for (const listener of listeners) listener()
    },
    listeners,
  }
}

afterEach(() => {
  document.documentElement.classList.remove('dark')
})

describe('useColorModeSync', () => {
  it('follows the system live while the preference is system, and stores a choice', () => {
    const media = fakeMedia(false)
    const store = createStore()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    )
    renderHook(() => useColorModeSync(), { wrapper })
    const root = document.documentElement
    expect(root.classList.contains('dark')).toBe(false)

    act(() => media.set(true))
    expect(root.classList.contains('dark')).toBe(true)

    act(() => store.set(colorModePreferenceAtom, 'light'))
    expect(root.classList.contains('dark')).toBe(false)
    expect(localStorage.getItem('preference_dark')).toBe('light')
    expect(media.listeners.size).toBe(0)
    act(() => media.set(true))
    expect(root.classList.contains('dark')).toBe(false)
  })
})
