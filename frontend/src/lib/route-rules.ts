/**
 * Route rules from the build manifest (spec §2.1, §7): before each navigation the root route
 * asks {@link RouteRulesCheck} whether the path was moved. The rules are kept in
 * `frontend/route-rules.json`; the build writes them into `build/meta/<buildId>.json`
 * (`vite-plugins/build-info.ts`), which this file fetches once per build id.
 */

/** One redirect: `$name` matches one segment, a last segment `$` matches the rest (or nothing). */
interface RedirectRule {
  from: string
  to: string
}

export interface RouteRules {
  redirects: RedirectRule[]
}

const NO_ROUTE_RULES: RouteRules = { redirects: [] }

/** How long the first navigation may wait for the manifest before it goes on without rules. */
const MANIFEST_TIMEOUT_MS = 2_000
/** After a failed load (network, time-out, 5xx) the next navigation retries no sooner than this. */
const MANIFEST_RETRY_MS = 30_000

const isPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')

/** The rules of a manifest as sent; anything malformed is dropped, never thrown. */
export function parseRouteRules(value: unknown): RouteRules {
  if (typeof value !== 'object' || value === null || !('redirects' in value)) return NO_ROUTE_RULES
  const { redirects } = value
  if (!Array.isArray(redirects)) return NO_ROUTE_RULES
  return {
    redirects: redirects.flatMap((rule: unknown) => {
      if (typeof rule !== 'object' || rule === null) return []
      const { from, to } = rule as Record<string, unknown>
      return isPath(from) && isPath(to) ? [{ from, to }] : []
    }),
  }
}

const segments = (path: string): string[] => path.split('/').filter((s) => s !== '')

/**
 * The parameters of `pathname` under the pattern `from`, or null when it does not match.
 * A trailing slash does not matter; the splat (`$`) is kept under the key `$`.
 */
export function matchPath(from: string, pathname: string): Record<string, string> | null {
  const pattern = segments(from)
  const actual = segments(pathname)
  const params: Record<string, string> = {}
  for (const [index, part] of pattern.entries()) {
    if (part === '$' && index === pattern.length - 1) {
      params.$ = actual.slice(index).join('/')
      return params
    }
    const value = actual[index]
    if (value === undefined) return null
    if (part.startsWith('$')) params[part.slice(1)] = value
    else if (part !== value) return null
  }
  return actual.length === pattern.length ? params : null
}

/** `to` with its `$name` segments (and a last `$`) filled in. */
function fillPath(to: string, params: Record<string, string>): string {
  const filled = segments(to).flatMap((part) => {
    if (part === '$') return params.$ ? [params.$] : []
    if (part.startsWith('$')) return [params[part.slice(1)] ?? part]
    return [part]
  })
  return `/${filled.join('/')}`
}

/** The new path of the first rule matching `pathname`, or null when none moves it. */
export function redirectPath(rules: RouteRules, pathname: string): string | null {
  for (const rule of rules.redirects) {
    const params = matchPath(rule.from, pathname)
    if (!params) continue
    const target = fillPath(rule.to, params)
    return target === pathname ? null : target
  }
  return null
}

/** The parts of the router's location a rule looks at. */
interface RuleLocation {
  pathname: string
  /** `?a=1`, or ''. */
  searchStr: string
  /** Without the leading `#`. */
  hash: string
}

/** Where the navigation should go instead, search and hash kept; null to go on. */
export function redirectHref(rules: RouteRules, location: RuleLocation): string | null {
  const target = redirectPath(rules, location.pathname)
  if (target === null) return null
  return `${target}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`
}

interface ManifestLoaderOptions {
  fetchImpl?: typeof fetch
  baseUrl?: string
  timeoutMs?: number
  retryMs?: number
  now?: () => number
}

type ManifestLoader = (buildId: string) => Promise<RouteRules>

/**
 * Loads the rules of a build id's manifest. A manifest (or a 4xx: this build has none) is kept
 * for the page's life and never fetched again for the same id; a failure (network, time-out,
 * 5xx) gives no rules and is retried at a navigation {@link MANIFEST_RETRY_MS} later.
 * Never rejects.
 */
export function createManifestLoader(options: ManifestLoaderOptions = {}): ManifestLoader {
  const {
    baseUrl = import.meta.env.BASE_URL,
    timeoutMs = MANIFEST_TIMEOUT_MS,
    retryMs = MANIFEST_RETRY_MS,
    now = Date.now,
  } = options
  const loaded = new Map<string, Promise<RouteRules>>()
  const failedAt = new Map<string, number>()

  async function fetchRules(buildId: string): Promise<RouteRules> {
    const fetchImpl = options.fetchImpl ?? fetch
    const url = `${baseUrl}build/meta/${encodeURIComponent(buildId)}.json`
    const response = await fetchImpl(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (response.status >= 400 && response.status < 500) {
      console.warn(`Build manifest ${url}: ${response.status}; no route rules`)
      return NO_ROUTE_RULES
    }
    if (!response.ok) throw new Error(`Build manifest ${url}: ${response.status}`)
    const manifest: unknown = await response.json()
    return parseRouteRules(
      typeof manifest === 'object' && manifest !== null && 'routeRules' in manifest
        ? manifest.routeRules
        : null,
    )
  }

  return (buildId) => {
    const cached = loaded.get(buildId)
    if (cached) return cached
    const failed = failedAt.get(buildId)
    if (failed !== undefined && now() - failed < retryMs) return Promise.resolve(NO_ROUTE_RULES)
    const pending = fetchRules(buildId).catch((error: unknown) => {
      console.warn('Build manifest could not be loaded; navigating without route rules', error)
      loaded.delete(buildId)
      failedAt.set(buildId, now())
      return NO_ROUTE_RULES
    })
    loaded.set(buildId, pending)
    return pending
  }
}

/** What the root route's `beforeLoad` calls: the href to redirect to, or null. Never rejects. */
export type RouteRulesCheck = (location: RuleLocation) => Promise<string | null>

export function createRouteRulesCheck(
  buildId: string,
  load: ManifestLoader = createManifestLoader(),
): RouteRulesCheck {
  return async (location) => redirectHref(await load(buildId), location)
}

/** For tests and the dev server without rules: never redirects. */
export const noRouteRules: RouteRulesCheck = async () => null
