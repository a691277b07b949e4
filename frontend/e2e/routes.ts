import { readFileSync } from 'node:fs'

/**
 * Every path a link can lead to, as the router knows it: the keys of `FileRoutesByTo` in the
 * generated route tree (`src/routeTree.gen.ts`, written by the router plugin from `src/routes`).
 * Layout routes appear under the path of their index page ('/admin', not '/admin/'), and a route
 * with parameters keeps them ('/group/$groupId/members').
 *
 * The file is read as text: importing it would load every page's React code into the Node side
 * of the test.
 */
export function routerPaths(): string[] {
  const file = new URL('../src/routeTree.gen.ts', import.meta.url)
  const source = readFileSync(file, 'utf8')
  const body = /export interface FileRoutesByTo \{([^}]*)\}/.exec(source)?.[1]
  if (!body) throw new Error(`no FileRoutesByTo interface in ${file.pathname}`)
  const paths = [...body.matchAll(/^\s*(['"])(\/[^'"]*)\1\s*:/gm)].map((match) => match[2])
  if (paths.length === 0) throw new Error(`FileRoutesByTo lists no paths in ${file.pathname}`)
  return paths
}

/** Whether a path has a `$param` segment, so it needs a concrete value to be visited. */
export function hasParams(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('$'))
}

/** Whether `example` is `route` with each `$param` filled in (by one non-empty segment). */
export function fillsParams(route: string, example: string): boolean {
  const routeSegments = route.split('/')
  const exampleSegments = example.split('/')
  return (
    routeSegments.length === exampleSegments.length &&
    routeSegments.every((segment, i) =>
      segment.startsWith('$') ? exampleSegments[i] !== '' : segment === exampleSegments[i],
    )
  )
}
