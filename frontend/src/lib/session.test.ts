import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { stubFetch } from '@/test/fetch.ts'
import { clearSession, sessionQueryKey, sessionQueryOptions, setSessionUser } from './session.ts'

const lily = {
  id: 'u1',
  username: 'lily',
  nickname: 'Lily',
  role: 'user' as const,
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null,
  wechatLinked: false,
  avatarThumbnailUrl: null,
  bio: null,
  appearance: { colorMode: null, language: null },
}
const token = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}

describe('auth initialisation (spec §4.1)', () => {
  it('sets the user when the server says authenticated', async () => {
    stubFetch({ body: { ...token, isAuthenticated: true, hasUser: true, user: lily } })
    await expect(new QueryClient().fetchQuery(sessionQueryOptions())).resolves.toEqual({
      user: lily,
      authUrl: null,
      wechatOpenId: null,
      hasUser: false,
    })
  })

  it('clears the user when not authenticated, even if a user is sent', async () => {
    stubFetch({ body: { ...token, hasUser: true, user: lily } })
    await expect(new QueryClient().fetchQuery(sessionQueryOptions())).resolves.toEqual({
      user: null,
      authUrl: null,
      wechatOpenId: null,
      hasUser: false,
    })
  })

  it('passes on an authUrl', async () => {
    stubFetch({ body: { ...token, authUrl: 'https://open.weixin.qq.com/x' } })
    const state = await new QueryClient().fetchQuery(sessionQueryOptions())
    expect(state.authUrl).toBe('https://open.weixin.qq.com/x')
  })

  it("passes on the browser's WeChat openid and whether an account has it", async () => {
    stubFetch({ body: { ...token, wechatOpenId: 'o-abc', hasUser: true } })
    const state = await new QueryClient().fetchQuery(sessionQueryOptions())
    expect(state).toMatchObject({ user: null, wechatOpenId: 'o-abc', hasUser: true })
  })

  it('completes as signed out when the call fails, and runs once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fetchMock = stubFetch({
      status: 401,
      body: { success: false, code: 'unauthorized', message: 'no' },
    })
    const client = new QueryClient()
    await expect(client.fetchQuery(sessionQueryOptions())).resolves.toEqual({
      user: null,
      authUrl: null,
      wechatOpenId: null,
      hasUser: false,
    })
    await client.ensureQueryData(sessionQueryOptions())
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})

describe('session cache', () => {
  it('a login replaces the user and drops data fetched for the previous one', () => {
    const client = new QueryClient()
    client.setQueryData(['auth', 'sessions'], ['old'])
    setSessionUser(client, lily)
    expect(client.getQueryData(sessionQueryKey)).toEqual({
      user: lily,
      authUrl: null,
      wechatOpenId: null,
      hasUser: false,
    })
    expect(client.getQueryData(['auth', 'sessions'])).toBeUndefined()
  })

  it("a login keeps what is known of the browser's WeChat, a logout forgets it", () => {
    const client = new QueryClient()
    client.setQueryData(sessionQueryKey, {
      user: null,
      authUrl: 'https://open.weixin.qq.com/x',
      wechatOpenId: 'o-abc',
      hasUser: false,
    })
    setSessionUser(client, lily)
    expect(client.getQueryData(sessionQueryKey)).toEqual({
      user: lily,
      authUrl: null,
      wechatOpenId: 'o-abc',
      hasUser: false,
    })
    clearSession(client)
    expect(client.getQueryData(sessionQueryKey)).toMatchObject({
      user: null,
      wechatOpenId: null,
      hasUser: false,
    })
  })

  it('clearing signs out and forgets user data', () => {
    const client = new QueryClient()
    setSessionUser(client, lily)
    client.setQueryData(['auth', 'sessions'], ['mine'])
    clearSession(client)
    expect(client.getQueryData(sessionQueryKey)).toEqual({
      user: null,
      authUrl: null,
      wechatOpenId: null,
      hasUser: false,
    })
    expect(client.getQueryData(['auth', 'sessions'])).toBeUndefined()
  })
})
