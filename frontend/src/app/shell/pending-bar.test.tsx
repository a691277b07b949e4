import { QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppRouter } from '@/app/router.tsx'
import { i18n } from '@/lib/i18n.ts'
import { createQueryClient } from '@/lib/query-client.ts'
import type { RouteRulesCheck } from '@/lib/route-rules.ts'
import { stubApi } from '@/test/fetch.ts'
import { PendingBar } from './pending-bar.tsx'

const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}

afterEach(() => {
  vi.useRealTimers()
})

/** A page `/` and pages `/next/$n` whose loader waits until the test lets it finish. */
async function renderRouter() {
  let finish = () => {}
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <PendingBar />
        <Outlet />
      </>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/',
        component: () => <h1>first page</h1>,
      }),
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/next/$n',
        loader: () => new Promise<void>((resolve) => (finish = resolve)),
        component: () => <h1>next page</h1>,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await act(async () => {
    render(<RouterProvider router={router} />)
  })
  expect(screen.getByRole('heading', { name: 'first page' })).toBeInTheDocument()
  // Through the history: this router's paths are not the app's, which the types know.
  const go = (n: number) => act(() => router.history.push(`/next/${n}`))
  return { router, go, finish: () => finish() }
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

describe('the pending bar', () => {
  it('shows after 300 ms of a slow navigation, over the previous page, and goes with it', async () => {
    const { go, finish } = await renderRouter()
    vi.useFakeTimers()
    go(1)

    await advance(299)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    // Meanwhile the page one came from stays: no empty page.
    expect(screen.getByRole('heading', { name: 'first page' })).toBeInTheDocument()

    await advance(1)
    const bar = screen.getByRole('progressbar', { name: 'Loading the page' })
    expect(bar).toHaveClass('fixed')
    expect(screen.getByRole('heading', { name: 'first page' })).toBeInTheDocument()

    await act(async () => finish())
    await advance(0)
    expect(screen.getByRole('heading', { name: 'next page' })).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('never shows for a navigation faster than that, nor starts early the next time', async () => {
    const { router, go, finish } = await renderRouter()
    vi.useFakeTimers()
    go(1)
    await advance(200)
    await act(async () => finish())
    await advance(500)
    expect(screen.getByRole('heading', { name: 'next page' })).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()

    // Back to the first page and on to another: the delay starts over.
    await act(() => router.navigate({ to: '/' }))
    go(2)
    await advance(250)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    await advance(50)
    expect(screen.getByRole('progressbar')).toBeInTheDocument()
  })

  it('is labelled in Chinese too', async () => {
    const { go } = await renderRouter()
    await act(() => i18n.changeLanguage('zh'))
    try {
      vi.useFakeTimers()
      go(1)
      await advance(300)
      expect(screen.getByRole('progressbar', { name: '正在加载页面' })).toBeInTheDocument()
    } finally {
      await act(() => i18n.changeLanguage('en'))
    }
  })
})

describe('a slow navigation in the app', () => {
  it('keeps the page on screen, with the bar over it, until the next one is ready', async () => {
    window.history.replaceState(null, '', '/no/such/page')
    stubApi({ 'GET /api/auth/token': () => ({ body: signedOut }) })
    // The root route asks the route rules before every navigation: this one holds it.
    let release = () => {}
    const rules = vi.fn<RouteRulesCheck>(async ({ pathname }) => {
      if (pathname === '/developers') await new Promise<void>((resolve) => (release = resolve))
      return null
    })
    const router = createAppRouter(createQueryClient(), rules)
    render(
      <Provider store={createStore()}>
        <QueryClientProvider client={router.options.context.queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Provider>,
    )
    const notFound = await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })

    act(() => void router.navigate({ to: '/developers' }))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeVisible()
    expect(notFound).toBeInTheDocument()

    act(() => release())
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Courtyard API' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})
