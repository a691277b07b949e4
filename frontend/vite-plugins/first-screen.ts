import { readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { Plugin, Rolldown } from 'vite'
import { EVERY_PAGE_FETCH, FIRST_SCREENS } from '../src/app/first-screen.ts'

/** Where the table lands inside `dist/`: hidden, the server does not serve dot files. */
export const FIRST_SCREEN_FILE = '.courtyard/first-screen.json'

/** A route of the table the server reads (app-server/src/spa/first_screen.rs). */
interface RouteEntry {
  path: string
  modules: string[]
  namespaces: readonly string[]
  fetch: readonly string[]
}

const ROUTE_FILE = /^(.*)\.tsx$/
const LOCALE_MESSAGES = /\/src\/locales\/(\w+)\/index\.ts$/
const LOCALE_NAMESPACE = /\/src\/locales\/(\w+)\/([\w-]+)\.json$/

/** `group/$groupId/index` → `/group/$groupId`; `developers_/theme` → `/developers/theme`. */
export function routePath(file: string): string {
  const parts = file.split('/')
  const last = parts.at(-1)
  if (last === 'index' || last === 'route') parts.pop()
  return `/${parts.map((p) => p.replace(/_$/, '')).join('/')}`
}

/** Static segments before parameters, so the first match is the router's. */
function specificity(path: string): string {
  return path
    .split('/')
    .map((s) => (s.startsWith('$') ? '1' : '0'))
    .join('')
}

/**
 * Writes the server's first-screen table (`src/app/first-screen.ts` has the why): for every page
 * of the route tree, the chunks its route files were split into (its own and its layouts') and
 * what they import beyond the app's entry; each language's message chunk and lazy namespace
 * chunks; the namespaces and API GETs of `FIRST_SCREENS`.
 */
export function firstScreen(): Plugin {
  let root = ''
  let base = '/'
  return {
    name: 'courtyard-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    generateBundle(_options, bundle) {
      const routesDir = resolve(root, 'src/routes')
      const chunks = Object.values(bundle).filter(
        (o): o is Rolldown.OutputChunk => o.type === 'chunk',
      )
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      const closure = (start: Iterable<string>, into = new Set<string>()) => {
        const queue = [...start]
        while (queue.length > 0) {
          const file = queue.shift() as string
          if (into.has(file)) continue
          into.add(file)
          queue.push(...(byFile.get(file)?.imports ?? []))
        }
        return into
      }
      const initial = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName))

      // Route files (relative to src/routes, no extension) → their split chunks.
      const routeChunks = new Map<string, string[]>()
      const sourceChunks = new Map<string, string>()
      const locales: Record<string, { messages?: string; namespaces: Record<string, string> }> = {}
      const locale = (language: string) => (locales[language] ??= { namespaces: {} })
      for (const chunk of chunks) {
        const id = chunk.facadeModuleId
        if (!id) continue
        const [path] = id.split('?')
        if (path.startsWith(routesDir) && id.includes('tsr-split')) {
          const route = relative(routesDir, path).replace(/\.tsx$/, '')
          routeChunks.set(route, [...(routeChunks.get(route) ?? []), chunk.fileName])
        }
        sourceChunks.set(relative(root, path), chunk.fileName)
        const messages = LOCALE_MESSAGES.exec(path)
        if (messages) locale(messages[1]).messages = `${base}${chunk.fileName}`
        const namespace = LOCALE_NAMESPACE.exec(path)
        if (namespace) locale(namespace[1]).namespaces[namespace[2]] = `${base}${chunk.fileName}`
      }

      const files = listRouteFiles(routesDir)
      const isLayout = (file: string) =>
        file.endsWith('/route') || file === 'route' || files.some((f) => f.startsWith(`${file}/`))
      const routes: RouteEntry[] = []
      for (const file of files) {
        if (file === '__root' || isLayout(file)) continue
        // Its layouts: `dir/route` and flat `dir` files of every folder above it.
        const dirs = file.split('/').slice(0, -1)
        const layouts = dirs.flatMap((_, i) => {
          const dir = dirs.slice(0, i + 1).join('/')
          return [`${dir}/route`, dir].filter((f) => files.includes(f))
        })
        const path = routePath(file)
        const table = FIRST_SCREENS.find((s) => s.path === path)
        const own = [file, ...layouts].flatMap((f) => routeChunks.get(f) ?? [])
        const extra = (table?.modules ?? []).map((m) => {
          const chunk = sourceChunks.get(m)
          if (!chunk) throw new Error(`first-screen.ts: no chunk of ${m} (${path})`)
          return chunk
        })
        const modules = [...closure([...own, ...extra])].filter((f) => !initial.has(f))
        routes.push({
          path,
          modules: modules.map((f) => `${base}${f}`),
          namespaces: table?.namespaces ?? [],
          fetch: table?.fetch ?? [],
        })
      }
      for (const screen of FIRST_SCREENS) {
        if (!routes.some((r) => r.path === screen.path)) {
          throw new Error(`first-screen.ts: no route file for ${screen.path}`)
        }
      }
      routes.sort((a, b) => specificity(a.path).localeCompare(specificity(b.path)))
      const table = { locales, everyPageFetch: EVERY_PAGE_FETCH, routes }
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_FILE,
        source: `${JSON.stringify(table, null, 1)}\n`,
      })
    },
  }
}

/** Every route file under `dir`, relative, without `.tsx`. */
function listRouteFiles(dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) {
      out.push(...listRouteFiles(full, `${prefix}${name}/`))
    } else {
      const match = ROUTE_FILE.exec(name)
      if (match && !name.includes('.test.')) out.push(`${prefix}${match[1]}`)
    }
  }
  return out
}
