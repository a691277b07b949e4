import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { initI18n } from '@/lib/i18n.ts'

// Tests read English messages through the real lazy locale loader.
await initI18n('en')

// jsdom lacks these browser APIs.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  })
}
window.scrollTo = vi.fn() as typeof window.scrollTo

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
