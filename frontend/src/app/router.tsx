import type { QueryClient } from '@tanstack/react-query'
import { createRouter, stringifySearchWith } from '@tanstack/react-router'
import { currentBuildId } from '@/lib/build-update.ts'
import { createRouteRulesCheck, noRouteRules, type RouteRulesCheck } from '@/lib/route-rules.ts'
import { routeTree } from '@/routeTree.gen.ts'
import { RouteErrorPage, RouteNotFoundPage } from './route-errors.tsx'

/**
 * Search values are read as JSON (objects, arrays, true, false, null), except numbers, which
 * stay the text they were: an invite code such as `2E345678` or `23456789` in `?code=` is not
 * the number 2e345678 (Infinity) or 23456789, and the router's canonical URL keeps it as typed.
 */
function parseSearchValue(value: string): unknown {
  const parsed: unknown = JSON.parse(value)
  if (typeof parsed === 'number') throw new TypeError('a number stays text')
  return parsed
}

/**
 * The query string as the routes' `validateSearch` sees it. Not the router's `parseSearchWith`:
 * its decoder turns `23456789` or `510000` into a number before any parser is asked, so an
 * all-digit invite code or district code would arrive as a number. Here every value starts as
 * the text in the URL and only JSON that is not a number is parsed; a repeated key is a list.
 */
export function parseSearch(searchStr: string): Record<string, unknown> {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)
  const out: Record<string, unknown> = {}
  for (const [key, raw] of params) {
    let value: unknown = raw
    try {
      value = parseSearchValue(raw)
    } catch {
      // Text, a number, or malformed JSON: kept as typed.
    }
    const previous = out[key]
    out[key] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]
  }
  return out
}

/**
 * The running build's route rules (fetched from its manifest once); unit tests run without any
 * unless they pass their own check.
 */
const defaultRouteRules = (): RouteRulesCheck =>
  import.meta.env.MODE === 'test' ? noRouteRules : createRouteRulesCheck(currentBuildId)

export function createAppRouter(
  queryClient: QueryClient,
  routeRules: RouteRulesCheck = defaultRouteRules(),
) {
  return createRouter({
    routeTree,
    context: { queryClient, routeRules },
    defaultPreload: 'intent',
    // Query owns caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    // Scroll to the top on navigation (unless a navigation passes resetScroll: false), scroll
    // to #hash anchors, and restore positions on Back/Forward (spec §2.1).
    scrollRestoration: true,
    defaultHashScrollIntoView: true,
    // No pending component, here or on any route: while the next page's code and data load
    // (loaders `ensureQueryData` what the page's first screen shows), the page one came from
    // stays, and after 300 ms the shell's pending bar says something is happening
    // (shell/pending-bar.tsx). A skeleton would flash an empty page on every slow step.
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: RouteNotFoundPage,
    parseSearch,
    stringifySearch: stringifySearchWith(JSON.stringify, parseSearchValue),
    // A mention's link is `/profile/@name` as Markdown's are, not `/profile/%40name`.
    pathParamsAllowedCharacters: ['@'],
  })
}

/**
 * Starts what the first navigation will wait for, before the app renders: the route rules (the
 * root's `beforeLoad` asks them first) and the code of the routes the address matches. Otherwise
 * each waits for the one before it — the messages, then the rules, then each lazy route chunk —
 * one round trip apiece on a slow phone. The router finds both already loading. Never rejects.
 */
export function preloadFirstPage(
  router: ReturnType<typeof createAppRouter>,
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
): void {
  void router.options.context.routeRules({
    pathname: location.pathname,
    searchStr: location.search,
    hash: location.hash.replace(/^#/, ''),
  })
  const [routes] = router.getMatchedRoutes(location.pathname)
  for (const route of routes) {
    // A chunk that fails here fails again when the router loads it, which handles it.
    router.loadRouteChunk(route)?.catch(() => {})
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
