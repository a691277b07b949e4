import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '@/test/fetch.ts'
import { appearanceAtSignIn, toServerAppearance, useAppearanceSync } from './appearance-sync.ts'
import { COLOR_MODE_STORAGE_KEY, colorModePreferenceAtom } from './color-mode.ts'
import { languagePreferenceAtom, setLanguagePreferenceAtom } from './language-preference.ts'
import { clearSession, sessionQueryKey, setSessionUser, type SessionState } from './session.ts'
import type { Appearance, User } from './api/types.ts'

function user(appearance: Appearance, id = 'u1'): User {
  return {
    id,
    username: 'lily',
    nickname: 'Lily',
    role: 'user',
    createdAt: '2026-01-01T00:00:00Z',
    avatarUrl: null,
    avatarThumbnailUrl: null,
    bio: null,
    appearance,
    hasPassword: true,
    phone: null,
    wechatLinked: false,
  }
}

function setup(initial: SessionState['user']) {
  const store = createStore()
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData<SessionState>(sessionQueryKey, {
    user: initial,
    authUrl: null,
    wechatOpenId: null,
    hasUser: false,
  })
  const saved: Appearance[] = []
  const fetchMock = stubApi({
    'PUT /api/account/appearance': (init) => {
      const body = JSON.parse(String(init?.body)) as Appearance
      saved.push(body)
      return { body }
    },
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>{children}</Provider>
    </QueryClientProvider>
  )
  renderHook(() => useAppearanceSync(), { wrapper })
  return { store, queryClient, saved, fetchMock }
}

afterEach(() => {
  vi.unstubAllGlobals()
  window.localStorage.clear()
  document.cookie = 'preference_language=; Max-Age=0; path=/'
})

describe('the appearance kept for an account', () => {
  it('takes what the account saved and keeps the device’s choice where it saved nothing', () => {
    const local = { colorMode: 'light', language: 'zh' } as const
    expect(appearanceAtSignIn(local, { colorMode: 'dark', language: 'en' })).toEqual({
      colorMode: 'dark',
      language: 'en',
    })
    expect(appearanceAtSignIn(local, { colorMode: null, language: null })).toEqual(local)
    expect(appearanceAtSignIn(local, { colorMode: 'purple', language: 'fr' })).toEqual(local)
    expect(toServerAppearance({ colorMode: 'system', language: 'system' })).toEqual({
      colorMode: 'system',
      language: 'system',
    })
    expect(appearanceAtSignIn(local, { colorMode: 'system', language: 'system' })).toEqual({
      colorMode: 'system',
      language: 'system',
    })
  })

  it('applies the saved appearance on this device at sign-in, without saving it back', async () => {
    const { store, queryClient, saved } = setup(null)
    act(() => store.set(colorModePreferenceAtom, 'light'))
    expect(saved).toEqual([])

    act(() => setSessionUser(queryClient, user({ colorMode: 'dark', language: 'en' })))
    await waitFor(() => expect(store.get(colorModePreferenceAtom)).toBe('dark'))
    expect(store.get(languagePreferenceAtom)).toBe('en')
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark')
    expect(document.cookie).toContain('preference_language=en')
    expect(saved).toEqual([])
  })

  it('saves a change made while signed in, and nothing once signed out', async () => {
    const { store, queryClient, saved } = setup(user({ colorMode: 'system', language: 'zh' }))
    await waitFor(() => expect(store.get(languagePreferenceAtom)).toBe('zh'))

    act(() => store.set(colorModePreferenceAtom, 'dark'))
    await waitFor(() => expect(saved).toEqual([{ colorMode: 'dark', language: 'zh' }]))
    await act(() => store.set(setLanguagePreferenceAtom, 'system'))
    await waitFor(() => expect(saved).toHaveLength(2))
    expect(saved[1]).toEqual({ colorMode: 'dark', language: 'system' })

    act(() => clearSession(queryClient))
    act(() => store.set(colorModePreferenceAtom, 'light'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(saved).toHaveLength(2)
  })

  it('saves one change at a time and then the latest, so an earlier choice never lands last', async () => {
    const store = createStore()
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    queryClient.setQueryData<SessionState>(sessionQueryKey, {
      user: user({ colorMode: 'light', language: 'en' }),
      authUrl: null,
      wechatOpenId: null,
      hasUser: false,
    })
    const sent: Appearance[] = []
    const answers: (() => void)[] = []
    stubApi({
      'PUT /api/account/appearance': (init) => {
        const body = JSON.parse(String(init?.body)) as Appearance
        sent.push(body)
        return new Promise((resolve) => answers.push(() => resolve({ body })))
      },
    })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <Provider store={store}>{children}</Provider>
      </QueryClientProvider>
    )
    renderHook(() => useAppearanceSync(), { wrapper })
    await waitFor(() => expect(store.get(languagePreferenceAtom)).toBe('en'))

    act(() => store.set(colorModePreferenceAtom, 'dark'))
    await waitFor(() => expect(sent).toHaveLength(1))
    await act(() => store.set(setLanguagePreferenceAtom, 'system'))
    await act(() => store.set(setLanguagePreferenceAtom, 'zh'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The second and third changes wait for the first save's answer.
    expect(sent).toEqual([{ colorMode: 'dark', language: 'en' }])

    act(() => answers.shift()!())
    // Then only the latest is sent, not the one in between.
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]).toEqual({ colorMode: 'dark', language: 'zh' })
    act(() => answers.shift()!())
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sent).toHaveLength(2)
  })
})
