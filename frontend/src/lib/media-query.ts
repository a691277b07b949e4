import { useCallback, useSyncExternalStore } from 'react'

/** Spec §9: below 768 px is a phone (Tailwind's `md` starts at 768 px). */
export const NARROW_QUERY = '(max-width: 767.98px)'

/** Whether the media query matches, following it live. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
}
