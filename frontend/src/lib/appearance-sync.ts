import { useMutation } from '@tanstack/react-query'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useRef } from 'react'
import { api } from './api-client.ts'
import { colorModePreferenceAtom, type ColorModePreference } from './color-mode.ts'
import { isLanguagePreference, type LanguagePreference } from './i18n.ts'
import { languagePreferenceAtom, setLanguagePreferenceAtom } from './language-preference.ts'
import { useSession } from './session.ts'
import type { Appearance } from './api/types.ts'

/** What this device keeps (spec §3/§4.2): local storage and the language cookie. */
interface LocalAppearance {
  colorMode: ColorModePreference
  language: LanguagePreference
}

/**
 * What the account keeps: the same three-way choices as this device, "system" (follow the
 * browser or the device) included, as `PUT /api/account/appearance` takes them (issue 22). `null`
 * is left for an account that never chose.
 */
export function toServerAppearance(local: LocalAppearance): Appearance {
  return { colorMode: local.colorMode, language: local.language }
}

/** At sign-in the saved choices win; what the account never chose stays as this device has it. */
export function appearanceAtSignIn(local: LocalAppearance, saved: Appearance): LocalAppearance {
  const colorMode = saved.colorMode
  return {
    colorMode:
      colorMode === 'light' || colorMode === 'dark' || colorMode === 'system'
        ? colorMode
        : local.colorMode,
    language:
      saved.language && isLanguagePreference(saved.language) ? saved.language : local.language,
  }
}

function sameAppearance(a: LocalAppearance, b: LocalAppearance): boolean {
  return a.colorMode === b.colorMode && a.language === b.language
}

/**
 * Keeps the signed-in user's appearance on the server and on this device alike: when a user
 * signs in (or a page opens signed in) their saved colour mode and language are applied here;
 * a change made afterwards — on the appearance page or anywhere else — is saved for their other
 * devices. Signed out, the device's own choices are all there is.
 */
export function useAppearanceSync(): void {
  const { user } = useSession({ fetch: false })
  const [colorMode, setColorMode] = useAtom(colorModePreferenceAtom)
  const language = useAtomValue(languagePreferenceAtom)
  const setLanguage = useSetAtom(setLanguagePreferenceAtom)
  const save = useMutation({
    mutationFn: (body: Appearance) => api.put<Appearance>('/api/account/appearance', body),
    onError: (error) => console.warn('Could not save the appearance', error),
  })
  /**
   * One save at a time, then the latest choice: every save sends the whole appearance, and two
   * in flight at once (dark, then 中文, a moment apart) could be stored in the other order,
   * leaving the account with the older of the two.
   */
  const queue = useRef<{ running: boolean; next: Appearance | null }>({
    running: false,
    next: null,
  })
  const saveLatest = (body: Appearance) => {
    const q = queue.current
    if (q.running) {
      q.next = body
      return
    }
    q.running = true
    save
      .mutateAsync(body)
      .catch(() => undefined)
      .finally(() => {
        q.running = false
        const next = q.next
        q.next = null
        if (next) saveLatest(next)
      })
  }
  /** The user whose saved appearance was applied, and what this device had then. */
  const synced = useRef<{ userId: string; local: LocalAppearance } | null>(null)
  const userId = user?.id ?? null
  const saved = user?.appearance

  useEffect(() => {
    const local = { colorMode, language }
    if (!userId || !saved) {
      synced.current = null
      return
    }
    if (synced.current?.userId !== userId) {
      const next = appearanceAtSignIn(local, saved)
      if (next.colorMode !== colorMode) setColorMode(next.colorMode)
      if (next.language !== language) void setLanguage(next.language)
      synced.current = { userId, local: next }
      return
    }
    if (sameAppearance(synced.current.local, local)) return
    synced.current = { userId, local }
    saveLatest(toServerAppearance(local))
    // `save` is stable in what it does; listing it would re-run on every mutation state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, saved, colorMode, language, setColorMode, setLanguage])
}
