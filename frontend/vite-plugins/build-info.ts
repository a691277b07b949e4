import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** Where the descriptor lands inside `dist/`; the app polls the same path. */
export const LATEST_BUILD_FILE = 'build/latest.json'
/** The build manifest of a build id (route rules), fetched once per id by the app. */
export const manifestFile = (buildId: string) => `build/meta/${buildId}.json`
/** Where the route rules are kept. */
export const ROUTE_RULES_FILE = fileURLToPath(new URL('../route-rules.json', import.meta.url))

export interface RedirectRule {
  from: string
  to: string
}

export interface RouteRules {
  redirects: RedirectRule[]
}

const segments = (path: string) => path.split('/').filter((s) => s !== '')

/** Whether some path could match both patterns (a `$…` segment matches any segment). */
function overlaps(a: string, b: string): boolean {
  const [x, y] = [segments(a), segments(b)]
  const splat = (parts: string[], i: number) => parts[i] === '$' && i === parts.length - 1
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (splat(x, i) || splat(y, i)) return true
    const [p, q] = [x[i], y[i]]
    if (p === undefined || q === undefined) return false
    if (!p.startsWith('$') && !q.startsWith('$') && p !== q) return false
  }
  return true
}

/**
 * Reads and checks `route-rules.json`; a mistake fails the build rather than a navigation:
 * paths start with one `/`, `to` uses only parameters `from` has, a splat `$` only last, and no
 * rule's target is moved again by a rule (no chains, no loops).
 */
export function readRouteRules(file: string = ROUTE_RULES_FILE): RouteRules {
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'))
  const redirects = (raw as { redirects?: unknown }).redirects
  if (!Array.isArray(redirects)) throw new Error(`${file}: "redirects" must be a list`)
  const rules = redirects.map((rule: unknown, index): RedirectRule => {
    const { from, to } = (rule ?? {}) as Record<string, unknown>
    const where = `${file}: redirects[${index}]`
    for (const path of [from, to]) {
      if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) {
        throw new Error(`${where}: "from" and "to" must be paths starting with one /`)
      }
      const parts = segments(path)
      if (parts.slice(0, -1).includes('$'))
        throw new Error(`${where}: "$" only as the last segment`)
    }
    const [source, target] = [from as string, to as string]
    const params = new Set(segments(source).filter((p) => p.startsWith('$')))
    for (const part of segments(target)) {
      if (part.startsWith('$') && !params.has(part)) {
        throw new Error(`${where}: "to" uses ${part}, which "from" does not have`)
      }
    }
    return { from: source, to: target }
  })
  for (const rule of rules) {
    const chained = rules.find((other) => overlaps(other.from, rule.to))
    if (chained) {
      throw new Error(
        `${file}: "${rule.to}" (from "${rule.from}") is moved again by "${chained.from}"`,
      )
    }
  }
  return { redirects: rules }
}

export interface BuildInfo {
  buildId: string
  builtAt: string
}

/**
 * Gives every production build an id, bakes it into the bundle as `__BUILD_ID__` and writes
 * `dist/build/latest.json` so running tabs can notice that a newer build was deployed (spec §4.8).
 * `COURTYARD_BUILD_ID` (for example a git sha from CI) overrides the generated id.
 * It also writes the build manifest `dist/build/meta/<buildId>.json` `{ buildId, builtAt,
 * routeRules }` from `route-rules.json` (spec §2.1, §7); the dev server answers
 * `/build/meta/dev.json` from the same file, read afresh on each request.
 */
export function buildInfo(): Plugin {
  let info: BuildInfo = { buildId: 'dev', builtAt: new Date().toISOString() }
  return {
    name: 'courtyard-build-info',
    config(_config, { command }) {
      if (command === 'build') {
        const builtAt = new Date()
        info = {
          buildId:
            process.env.COURTYARD_BUILD_ID ||
            `${builtAt.getTime().toString(36)}-${randomBytes(4).toString('hex')}`,
          builtAt: builtAt.toISOString(),
        }
      }
      return { define: { __BUILD_ID__: JSON.stringify(info.buildId) } }
    },
    configureServer(server) {
      server.middlewares.use(`/${manifestFile('dev')}`, (_req, res) => {
        const manifest = { ...info, routeRules: readRouteRules() }
        res.setHeader('Content-Type', 'application/json')
        res.setHeader('Cache-Control', 'no-cache')
        res.end(JSON.stringify(manifest))
      })
    },
    buildStart() {
      this.addWatchFile(ROUTE_RULES_FILE)
    },
    generateBundle() {
      const manifest = { ...info, routeRules: readRouteRules() }
      this.emitFile({
        type: 'asset',
        fileName: manifestFile(info.buildId),
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      })
      this.emitFile({
        type: 'asset',
        fileName: LATEST_BUILD_FILE,
        source: `${JSON.stringify(info, null, 2)}\n`,
      })
    },
  }
}
