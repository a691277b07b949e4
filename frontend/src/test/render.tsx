import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, type RenderOptions } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactElement, ReactNode } from 'react'

/** Renders with a fresh jotai store and query client, like the app does. */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  const store = createStore()
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>{children}</Provider>
    </QueryClientProvider>
  )
  return { store, queryClient, ...render(ui, { wrapper, ...options }) }
}
