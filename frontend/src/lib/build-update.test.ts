import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubFetch } from '@/test/fetch.ts'
import {
  installChunkErrorReload,
  reloadOnceForPath,
  startBuildUpdateCheck,
} from './build-update.ts'

// Spec §9.
const BUILD_CHECK_INTERVAL_MS = 3_600_000
const CHUNK_RELOAD_GUARD_MS = 10_000

describe('latest-build polling (spec §4.8)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('polls every 3,600,000 ms with a timestamp query and reports a different build id', async () => {
    const fetchMock = stubFetch({ body: { buildId: 'b2', builtAt: '2026-01-01T00:00:00Z' } })
    const onNewBuild = vi.fn()
    const stop = startBuildUpdateCheck(onNewBuild, { current: 'b1' })

    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1)
    expect(fetchMock).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/build\/latest\.json\?t=\d+$/)
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-store' })
    expect(onNewBuild).toHaveBeenCalledWith('b2')

    stop()
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('stays quiet while the deployed build is ours or the check fails', async () => {
    const onNewBuild = vi.fn()
    stubFetch({ body: { buildId: 'same' } })
    const stop = startBuildUpdateCheck(onNewBuild, { current: 'same' })
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS)
    stubFetch({ status: 404, body: 'missing' })
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS)
    stop()
    expect(onNewBuild).not.toHaveBeenCalled()
  })
})

describe('chunk load failures (spec §4.8)', () => {
  function environment(start: number) {
    let now = start
    const storage = new Map<string, string>()
    return {
      env: {
        storage: {
          getItem: (key: string) => storage.get(key) ?? null,
          setItem: (key: string, value: string) => void storage.set(key, value),
        },
        now: () => now,
        reload: vi.fn(),
      },
      advance: (ms: number) => (now += ms),
    }
  }

  it('reloads at most once per path within 10 s', () => {
    const { env, advance } = environment(1_000_000)
    expect(reloadOnceForPath('/settings/security', env)).toBe(true)
    advance(CHUNK_RELOAD_GUARD_MS - 1)
    expect(reloadOnceForPath('/settings/security', env)).toBe(false)
    expect(env.reload).toHaveBeenCalledTimes(1)
    advance(1)
    expect(reloadOnceForPath('/settings/security', env)).toBe(true)
    expect(env.reload).toHaveBeenCalledTimes(2)
  })

  it('guards each path separately', () => {
    const { env } = environment(5_000)
    expect(reloadOnceForPath('/a', env)).toBe(true)
    expect(reloadOnceForPath('/b', env)).toBe(true)
    expect(env.reload).toHaveBeenCalledTimes(2)
  })

  it('keeps the guard in sessionStorage by default', () => {
    const reload = vi.fn()
    const env = { storage: sessionStorage, now: () => 42_000, reload }
    expect(reloadOnceForPath('/x', env)).toBe(true)
    expect(sessionStorage.getItem('courtyard:chunk-reload:/x')).toBe('42000')
  })

  it('reloads on a failed chunk load, then lets the error through without a second reload', () => {
    const { env, advance } = environment(100_000)
    const target = Object.assign(new EventTarget(), {
      location: { pathname: '/settings/security' },
    })
    installChunkErrorReload(target as unknown as Window, env)
    const fail = () => {
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
        payload: new TypeError(
          'Failed to fetch dynamically imported module: /assets/security-x.js',
        ),
      })
      target.dispatchEvent(event)
      return event
    }

    const first = fail()
    expect(env.reload).toHaveBeenCalledTimes(1)
    // The error keeps propagating: nothing renders a module that did not load.
    expect(first.defaultPrevented).toBe(false)

    advance(3_000)
    fail()
    expect(env.reload).toHaveBeenCalledTimes(1)
    // TanStack Router's own reload-once must not reload a second time either.
    expect(
      env.storage.getItem(
        'tanstack_router_reload:Failed to fetch dynamically imported module: /assets/security-x.js',
      ),
    ).toBe('1')
  })
})
