import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { createAppRouter } from '@/app/router.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { stubApi } from './fetch.ts'

/** The whole app (real router, shell and query client) at `path`; only fetch is faked. */
export function renderApp(path: string, routes: Parameters<typeof stubApi>[0]) {
  window.history.replaceState(null, '', path)
  const fetchMock = stubApi(routes)
  const router = createAppRouter(createQueryClient())
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={router.options.context.queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  )
  return { fetchMock, router, user: userEvent.setup() }
}
