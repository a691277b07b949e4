import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client.ts'
import { createManifestLoader, createRouteRulesCheck } from '@/lib/route-rules.ts'
import { stubApi } from '@/test/fetch.ts'
import { createAppRouter } from './router.tsx'

const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}

/** The whole app at `path`, its build manifest answered by `manifest`. */
function renderWithRules(path: string, manifest: typeof fetch) {
  window.history.replaceState(null, '', path)
  stubApi({ 'GET /api/auth/token': () => ({ body: signedOut }) })
  const manifestFetch = vi.fn(manifest)
  const check = createRouteRulesCheck(
    'b1',
    createManifestLoader({ fetchImpl: manifestFetch, baseUrl: '/' }),
  )
  const router = createAppRouter(createQueryClient(), check)
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={router.options.context.queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  )
  return { router, manifestFetch }
}

const moved = async () =>
  Response.json({
    buildId: 'b1',
    builtAt: '2026-11-25T00:00:00Z',
    routeRules: { redirects: [{ from: '/old/$', to: '/moved/$' }] },
  })

describe('route rules of the build manifest (spec §2.1)', () => {
  it('redirects the first page and later navigations, keeping search and hash; one manifest fetch', async () => {
    const { router, manifestFetch } = renderWithRules('/old/a/b?q=1#part', moved)
    expect(await screen.findByText('Page not found: /moved/a/b')).toBeInTheDocument()
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/moved/a/b?q=1#part',
    )
    await act(() => router.navigate({ href: '/old/c?x=y' }))
    expect(await screen.findByText('Page not found: /moved/c')).toBeInTheDocument()
    expect(window.location.search).toBe('?x=y')
    await act(() => router.navigate({ href: '/elsewhere' }))
    expect(await screen.findByText('Page not found: /elsewhere')).toBeInTheDocument()
    expect(manifestFetch).toHaveBeenCalledOnce()
    expect(manifestFetch.mock.calls[0]?.[0]).toBe('/build/meta/b1.json')
  })

  it('a manifest that fails to load never blocks navigation', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    renderWithRules('/old/a', async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await screen.findByText('Page not found: /old/a')).toBeInTheDocument()
    await waitFor(() => expect(warn).toHaveBeenCalled())
  })
})
