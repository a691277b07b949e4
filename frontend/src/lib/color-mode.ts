import { atom, useAtomValue } from 'jotai'
import { useEffect } from 'react'

export type ColorModePreference = 'light' | 'dark' | 'system'
type ColorMode = 'light' | 'dark'

/** localStorage key of the colour-mode preference (spec §3). */
export const COLOR_MODE_STORAGE_KEY = 'preference_dark'
const DARK_QUERY = '(prefers-color-scheme: dark)'

function isColorModePreference(value: unknown): value is ColorModePreference {
  return value === 'light' || value === 'dark' || value === 'system'
}

export function readColorModePreference(storage: Pick<Storage, 'getItem'>): ColorModePreference {
  try {
    const stored = storage.getItem(COLOR_MODE_STORAGE_KEY)
    return isColorModePreference(stored) ? stored : 'system'
  } catch {
    return 'system'
  }
}

/** 'system' follows the operating system (spec §4.2). */
export function resolveColorMode(
  preference: ColorModePreference,
  systemPrefersDark: boolean,
): ColorMode {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light'
  return preference
}

/** Mirrors the inline script in index.html, which applies the mode before first paint. */
export function applyColorMode(
  mode: ColorMode,
  root: HTMLElement = document.documentElement,
): void {
  root.classList.toggle('dark', mode === 'dark')
  root.style.colorScheme = mode
}

const preferenceAtom = atom<ColorModePreference>(readColorModePreference(window.localStorage))

export const colorModePreferenceAtom = atom(
  (get) => get(preferenceAtom),
  (_get, set, preference: ColorModePreference) => {
    try {
      window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference)
    } catch (error) {
      console.warn('Could not store the colour mode', error)
    }
    set(preferenceAtom, preference)
  },
)

/** Applies the preference to <html> and, for 'system', keeps following the OS setting live. */
export function useColorModeSync(): void {
  const preference = useAtomValue(colorModePreferenceAtom)
  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY)
    const apply = () => applyColorMode(resolveColorMode(preference, media.matches))
    apply()
    if (preference !== 'system') return
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [preference])
}
