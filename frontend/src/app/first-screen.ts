/**
 * What the first screen of a page waits for besides code: the lazy message namespaces and the
 * API GETs its routes' loaders start (the leaf's and its layouts'). The build copies this table,
 * with each route's chunks, to `dist/.courtyard/first-screen.json`
 * (`vite-plugins/first-screen.ts`), and the server's HTML for a page preloads all of it
 * (app-server/src/spa/first_screen.rs), so that a phone fetches the page's code, messages and
 * data beside the app's own code instead of one after another.
 *
 * `fetch` must be byte for byte what the loaders ask for (`$name`: the address's segment), or
 * the browser fetches twice; `first-screen.test.ts` runs every listed route's loaders and
 * compares. Plain data: the build reads this file outside the app.
 */
interface FirstScreen {
  /** The route's path as the route tree spells it: `/group/$groupId`. */
  path: string
  /** Lazy namespaces (`lib/i18n.ts`) the loaders wait for. */
  namespaces: readonly string[]
  /** API paths the loaders GET, with the API client's defaults (no headers of their own). */
  fetch: readonly string[]
  /** Source modules the page loads on its own at once (`React.lazy`), beyond its route chunks. */
  modules?: readonly string[]
}

/** GETs every page makes at start (spec §4.1: the session). */
export const EVERY_PAGE_FETCH: readonly string[] = ['/api/auth/token']

export const FIRST_SCREENS: readonly FirstScreen[] = [
  {
    path: '/',
    namespaces: [],
    fetch: ['/api/plaza/posts?limit=4', '/api/groups?limit=12', '/api/plaza/weather'],
  },
  { path: '/group', namespaces: ['groups'], fetch: ['/api/groups'] },
  {
    path: '/plaza',
    namespaces: ['plaza'],
    fetch: ['/api/plaza/posts', '/api/districts?limit=50'],
  },
  {
    path: '/plaza/post/$postId',
    namespaces: ['plaza'],
    fetch: ['/api/plaza/posts/$postId', '/api/plaza/posts/$postId/comments'],
  },
  { path: '/group/$groupId', namespaces: ['groups'], fetch: ['/api/groups/$groupId'] },
  {
    path: '/group/$groupId/article/$articleId/display',
    namespaces: ['groups', 'group-content'],
    fetch: ['/api/groups/$groupId', '/api/groups/$groupId/articles/$articleId'],
    modules: ['src/lib/markdown/markdown-view.tsx'],
  },
  { path: '/profile/$userId', namespaces: ['profiles'], fetch: ['/api/users/$userId'] },
  // Its results are asked only with a query string, which the server does not preload.
  { path: '/search', namespaces: ['search'], fetch: [] },
  { path: '/developers/api', namespaces: ['developers', 'apidocs'], fetch: ['/api/docs.json'] },
]
