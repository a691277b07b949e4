import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, redirect } from '@tanstack/react-router'
import { RouteErrorPage, RouteNotFoundPage } from '@/app/route-errors.tsx'
import { AppShell } from '@/app/shell/app-shell.tsx'
import type { RouteRulesCheck } from '@/lib/route-rules.ts'

export interface RouterContext {
  queryClient: QueryClient
  /** The build manifest's route rules (spec §2.1), asked before each navigation. */
  routeRules: RouteRulesCheck
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Runs before every navigation (and preload), whatever the path: a moved path is redirected,
  // its search and hash kept. The check never rejects, so a missing manifest blocks nothing.
  beforeLoad: async ({ context, location }) => {
    const href = await context.routeRules(location)
    if (href !== null) throw redirect({ href, replace: true })
  },
  component: AppShell,
  notFoundComponent: RouteNotFoundPage,
  errorComponent: RouteErrorPage,
})
