import { describe, expect, it, vi } from 'vitest'
import {
  createManifestLoader,
  createRouteRulesCheck,
  matchPath,
  parseRouteRules,
  redirectHref,
  redirectPath,
  type RouteRules,
} from './route-rules.ts'

const rules: RouteRules = {
  redirects: [
    { from: '/groups/$', to: '/group/$' },
    { from: '/settings/tokens', to: '/developers/pat' },
    { from: '/u/$userId/posts/$postId', to: '/profile/$userId' },
  ],
}

describe('the route rule matcher', () => {
  it('matches literal segments exactly, ignoring a trailing slash', () => {
    expect(matchPath('/settings/tokens', '/settings/tokens')).toEqual({})
    expect(matchPath('/settings/tokens', '/settings/tokens/')).toEqual({})
    expect(matchPath('/settings/tokens', '/settings/token')).toBeNull()
    expect(matchPath('/settings/tokens', '/settings/tokens/x')).toBeNull()
    expect(matchPath('/settings/tokens', '/settings')).toBeNull()
  })

  it('takes one segment for $name and the rest (or nothing) for a last $', () => {
    expect(matchPath('/u/$userId/posts/$postId', '/u/7/posts/9')).toEqual({
      userId: '7',
      postId: '9',
    })
    expect(matchPath('/u/$userId/posts/$postId', '/u/7/posts')).toBeNull()
    expect(matchPath('/groups/$', '/groups')).toEqual({ $: '' })
    expect(matchPath('/groups/$', '/groups/5/members')).toEqual({ $: '5/members' })
    expect(matchPath('/groups/$', '/groupsx')).toBeNull()
  })

  it('moves a path with its parameters; the first matching rule wins', () => {
    expect(redirectPath(rules, '/groups')).toBe('/group')
    expect(redirectPath(rules, '/groups/')).toBe('/group')
    expect(redirectPath(rules, '/groups/42/article/3/display')).toBe('/group/42/article/3/display')
    expect(redirectPath(rules, '/settings/tokens')).toBe('/developers/pat')
    expect(redirectPath(rules, '/u/7/posts/9')).toBe('/profile/7')
    expect(
      redirectPath(
        { redirects: [...rules.redirects, { from: '/settings/tokens', to: '/elsewhere' }] },
        '/settings/tokens',
      ),
    ).toBe('/developers/pat')
  })

  it('leaves every other path alone, including the new ones', () => {
    for (const path of ['/', '/group', '/group/42', '/settings', '/developers/pat', '/plaza']) {
      expect(redirectPath(rules, path)).toBeNull()
    }
  })

  it('keeps the search and the hash', () => {
    expect(
      redirectHref(rules, {
        pathname: '/groups/42/join',
        searchStr: '?code=23456789',
        hash: 'top',
      }),
    ).toBe('/group/42/join?code=23456789#top')
    expect(redirectHref(rules, { pathname: '/settings/tokens', searchStr: '', hash: '' })).toBe(
      '/developers/pat',
    )
    expect(redirectHref(rules, { pathname: '/plaza', searchStr: '?a=1', hash: 'x' })).toBeNull()
  })

  it('drops malformed rules from a manifest instead of failing', () => {
    expect(
      parseRouteRules({
        redirects: [
          { from: '/a', to: '/b' },
          { from: '/c', to: 'https://evil.example/' },
          { from: '/d', to: '//evil.example/' },
          { from: 5, to: '/e' },
          null,
          'x',
        ],
      }),
    ).toEqual({ redirects: [{ from: '/a', to: '/b' }] })
    expect(parseRouteRules(null)).toEqual({ redirects: [] })
    expect(parseRouteRules({ redirects: 'no' })).toEqual({ redirects: [] })
  })
})

const manifest = (buildId: string, routeRules: unknown = rules) =>
  new Response(JSON.stringify({ buildId, builtAt: '2026-11-25T00:00:00Z', routeRules }), {
    headers: { 'Content-Type': 'application/json' },
  })

describe('the build manifest loader', () => {
  it('fetches the manifest named by the build id once, however many navigations ask', async () => {
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) =>
      manifest(String(url).match(/meta\/(.+)\.json$/)?.[1] ?? ''),
    )
    const load = createManifestLoader({ fetchImpl, baseUrl: '/' })
    const [first, second] = await Promise.all([load('b1'), load('b1')])
    await load('b1')
    expect(first).toEqual(rules)
    expect(second).toBe(first)
    expect(fetchImpl).toHaveBeenCalledOnce()
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/build/meta/b1.json')

    await load('b2')
    expect(fetchImpl).toHaveBeenCalledTimes(2)
    expect(fetchImpl.mock.calls[1]?.[0]).toBe('/build/meta/b2.json')
    await load('b1')
    await load('b2')
    expect(fetchImpl).toHaveBeenCalledTimes(2)
  })

  it('a manifest that fails to load gives no rules, is logged, and is retried only later', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    let clock = 0
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValue(manifest('b1'))
    const load = createManifestLoader({ fetchImpl, baseUrl: '/', retryMs: 1_000, now: () => clock })
    await expect(load('b1')).resolves.toEqual({ redirects: [] })
    expect(warn).toHaveBeenCalled()
    clock = 500
    await expect(load('b1')).resolves.toEqual({ redirects: [] })
    expect(fetchImpl).toHaveBeenCalledOnce()
    clock = 1_500
    await expect(load('b1')).resolves.toEqual({ redirects: [] })
    expect(fetchImpl).toHaveBeenCalledTimes(2)
    clock = 3_000
    await expect(load('b1')).resolves.toEqual(rules)
    await load('b1')
    expect(fetchImpl).toHaveBeenCalledTimes(3)
  })

  it('a manifest that does not exist (404) means no rules for that build, asked once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 404 }))
    const load = createManifestLoader({ fetchImpl, baseUrl: '/' })
    await expect(load('old')).resolves.toEqual({ redirects: [] })
    await load('old')
    expect(fetchImpl).toHaveBeenCalledOnce()
  })

  it('a manifest that never answers does not hold navigation past the time-out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
        ),
    )
    const check = createRouteRulesCheck(
      'b1',
      createManifestLoader({ fetchImpl, baseUrl: '/', timeoutMs: 20 }),
    )
    await expect(check({ pathname: '/groups', searchStr: '', hash: '' })).resolves.toBeNull()
  })

  it('the check redirects by the build’s rules', async () => {
    const fetchImpl = vi.fn(async () => manifest('b1'))
    const check = createRouteRulesCheck('b1', createManifestLoader({ fetchImpl, baseUrl: '/' }))
    await expect(check({ pathname: '/groups/5', searchStr: '?tab=a', hash: '' })).resolves.toBe(
      '/group/5?tab=a',
    )
    await expect(check({ pathname: '/group/5', searchStr: '', hash: '' })).resolves.toBeNull()
    expect(fetchImpl).toHaveBeenCalledOnce()
  })
})
