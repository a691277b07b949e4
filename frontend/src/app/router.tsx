import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { routeTree } from '@/routeTree.gen.ts'
import { RouteErrorPage, RouteNotFoundPage } from './route-errors.tsx'

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query owns caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    // Scroll to the top on navigation (unless a navigation passes resetScroll: false), scroll
    // to #hash anchors, and restore positions on Back/Forward (spec §2.1).
    scrollRestoration: true,
    defaultHashScrollIntoView: true,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: RouteNotFoundPage,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
