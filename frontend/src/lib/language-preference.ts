import { atom, useAtomValue } from 'jotai'
import { useEffect } from 'react'
import {
  i18n,
  languageCookie,
  readLanguagePreference,
  resolveLanguage,
  type LanguagePreference,
} from './i18n.ts'

export const languagePreferenceAtom = atom<LanguagePreference>(
  readLanguagePreference(document.cookie),
)

/** Stores the choice in the `preference_language` cookie and switches the interface. */
export const setLanguagePreferenceAtom = atom(
  null,
  async (_get, set, preference: LanguagePreference) => {
    document.cookie = languageCookie(preference, window.location.protocol === 'https:')
    set(languagePreferenceAtom, preference)
    await i18n.changeLanguage(resolveLanguage(preference, navigator.language))
  },
)

/** While the preference is 'system', follows changes of the browser language live. */
export function useSystemLanguageSync(): void {
  const preference = useAtomValue(languagePreferenceAtom)
  useEffect(() => {
    if (preference !== 'system') return
    const follow = () => void i18n.changeLanguage(resolveLanguage('system', navigator.language))
    window.addEventListener('languagechange', follow)
    return () => window.removeEventListener('languagechange', follow)
  }, [preference])
}
