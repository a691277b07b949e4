import { describe, expect, it } from 'vitest'
import {
  applyColorMode,
  COLOR_MODE_STORAGE_KEY,
  readColorModePreference,
  resolveColorMode,
} from './color-mode.ts'

describe('colour mode (spec §4.2)', () => {
  it('uses light and dark as chosen, whatever the system says', () => {
    expect(resolveColorMode('light', true)).toBe('light')
    expect(resolveColorMode('dark', false)).toBe('dark')
  })

  it('system follows the operating system', () => {
    expect(resolveColorMode('system', true)).toBe('dark')
    expect(resolveColorMode('system', false)).toBe('light')
  })

  it('reads preference_dark from storage, defaulting to system', () => {
    expect(COLOR_MODE_STORAGE_KEY).toBe('preference_dark')
    localStorage.setItem('preference_dark', 'dark')
    expect(readColorModePreference(localStorage)).toBe('dark')
    localStorage.setItem('preference_dark', 'purple')
    expect(readColorModePreference(localStorage)).toBe('system')
    localStorage.removeItem('preference_dark')
    expect(readColorModePreference(localStorage)).toBe('system')
  })

  it('treats unreadable storage as system', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    expect(readColorModePreference(broken)).toBe('system')
  })

  it('applies the dark class and color-scheme to the root', () => {
    const root = document.createElement('html')
    applyColorMode('dark', root)
    expect(root.classList.contains('dark')).toBe(true)
    expect(root.style.colorScheme).toBe('dark')
    applyColorMode('light', root)
    expect(root.classList.contains('dark')).toBe(false)
    expect(root.style.colorScheme).toBe('light')
  })
})
