import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '@/lib/i18n.ts'
import { noRouteRules } from '@/lib/route-rules.ts'
import { sessionQueryOptions } from '@/lib/session.ts'
import { EVERY_PAGE_FETCH, FIRST_SCREENS } from './first-screen.ts'
import { createAppRouter } from './router.tsx'

const ID = '0b9e2f3c-1d4a-4e5b-8c6d-7e8f9a0b1c2d'
const fill = (path: string) => path.replace(/\$\w+/g, ID)

/** Every URL `fetch` is called with, as it is called (the preload must match byte for byte). */
function recordFetches(): string[] {
  const fetched: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      fetched.push(input instanceof Request ? input.url : String(input))
      return new Response('{}', { headers: { 'Content-Type': 'application/json' } })
    }),
  )
  return fetched
}

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

describe('the first-screen table the server preloads from', () => {
  it.each(FIRST_SCREENS)('$path: the namespaces and GETs its loaders start', async (screen) => {
    const fetched = recordFetches()
    const namespaces: string[] = []
    vi.spyOn(i18n, 'loadNamespaces').mockImplementation(async (ns) => {
      namespaces.push(...[ns].flat())
    })
    window.history.replaceState(null, '', fill(screen.path))
    const router = createAppRouter(new QueryClient(), noRouteRules)
    await router.load()

    expect(router.state.matches.at(-1)?.fullPath.replace(/\/$/, '') || '/').toBe(screen.path)
    // The session is preloaded on every page (EVERY_PAGE_FETCH); a loader may wait for it too.
    const own = fetched.filter((url) => !EVERY_PAGE_FETCH.includes(url))
    expect([...new Set(own)].sort()).toEqual(screen.fetch.map(fill).sort())
    expect([...new Set(namespaces)].sort()).toEqual([...screen.namespaces].sort())
  })

  it('every page: the session', async () => {
    const fetched = recordFetches()
    await new QueryClient().fetchQuery(sessionQueryOptions())
    expect(fetched).toEqual(EVERY_PAGE_FETCH)
  })
})
