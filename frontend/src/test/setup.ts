import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { initI18n } from '@/lib/i18n.ts'

// What a test waits for (findBy…, waitFor) and the test itself get room for a loaded machine: on
// two cores with a build beside it, the defaults (1 s, 5 s) timed out tests whose behaviour was
// right (a CI run at c91dd1a, load average 11). The timeouts bound a wait; no test measures speed.
configure({ asyncUtilTimeout: 4000 })
vi.setConfig({ testTimeout: 20_000 })

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
