import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext } from '@tanstack/react-router'
import { RouteErrorPage, RouteNotFoundPage } from '@/app/route-errors.tsx'
import { AppShell } from '@/app/shell/app-shell.tsx'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: RouteNotFoundPage,
  errorComponent: RouteErrorPage,
})
