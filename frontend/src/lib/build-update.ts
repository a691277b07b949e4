import { atom, useSetAtom } from 'jotai'
import { useEffect } from 'react'

/** Spec §4.8 / §9. */
const BUILD_CHECK_INTERVAL_MS = 3_600_000
const CHUNK_RELOAD_GUARD_MS = 10_000
const RELOAD_KEY_PREFIX = 'courtyard:chunk-reload:'

export const currentBuildId: string = __BUILD_ID__

/** The id of a newer deployed build, once one has been seen. */
export const availableBuildAtom = atom<string | null>(null)

async function fetchLatestBuildId(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  const response = await fetchImpl(`${import.meta.env.BASE_URL}build/latest.json?t=${Date.now()}`, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) return null
  const descriptor: unknown = await response.json()
  if (typeof descriptor === 'object' && descriptor !== null && 'buildId' in descriptor) {
    const { buildId } = descriptor
    return typeof buildId === 'string' ? buildId : null
  }
  return null
}

/** Polls the latest-build descriptor every hour and reports an id that differs from ours. */
export function startBuildUpdateCheck(
  onNewBuild: (buildId: string) => void,
  options: { current?: string; intervalMs?: number; fetchImpl?: typeof fetch } = {},
): () => void {
  const current = options.current ?? currentBuildId
  const timer = setInterval(() => {
    fetchLatestBuildId(options.fetchImpl).then(
      (latest) => {
        if (latest && latest !== current) onNewBuild(latest)
      },
      (error: unknown) => console.warn('Build update check failed', error),
    )
  }, options.intervalMs ?? BUILD_CHECK_INTERVAL_MS)
  return () => clearInterval(timer)
}

/** Runs the hourly check in production builds (a dev server has no stable build id). */
export function useBuildUpdateCheck(): void {
  const setAvailable = useSetAtom(availableBuildAtom)
  useEffect(() => {
    if (!import.meta.env.PROD) return
    return startBuildUpdateCheck(setAvailable)
  }, [setAvailable])
}

interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>
  now: () => number
  reload: () => void
}

const browserEnvironment = (): ReloadEnvironment => ({
  storage: window.sessionStorage,
  now: Date.now,
  reload: () => window.location.reload(),
})

/**
 * Reloads the page after a failed chunk load, at most once per path within 10 s (spec §4.8).
 * Returns whether a reload was started.
 */
export function reloadOnceForPath(
  path: string = window.location.pathname,
  env: ReloadEnvironment = browserEnvironment(),
): boolean {
  const key = `${RELOAD_KEY_PREFIX}${path}`
  try {
    const last = Number(env.storage.getItem(key))
    if (last && env.now() - last < CHUNK_RELOAD_GUARD_MS) return false
    env.storage.setItem(key, String(env.now()))
  } catch {
    return false
  }
  env.reload()
  return true
}

/** TanStack Router's lazy route components reload once per failing module, keyed like this. */
const ROUTER_RELOAD_KEY_PREFIX = 'tanstack_router_reload:'

/**
 * Every dynamic import in the build (page chunks, dialogs, messages) goes through Vite's preload
 * helper, which reports a chunk that cannot be loaded with `vite:preloadError`: the one place
 * that applies the guard. The error still propagates (so nothing renders a half-loaded module
 * while the page reloads); when the guard declines, the error page shows, and the router's own
 * reload-once logic is told it already happened, so there is never a second reload in 10 s.
 */
export function installChunkErrorReload(
  target: Window = window,
  env: ReloadEnvironment = browserEnvironment(),
): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForPath(target.location.pathname, env)) return
    try {
      env.storage.setItem(`${ROUTER_RELOAD_KEY_PREFIX}${event.payload.message}`, '1')
    } catch {
      // Without storage there is no guard to keep either.
    }
  })
}
