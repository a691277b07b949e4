import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { describe, expect, it, vi } from 'vitest'
import { sessionQueryKey, useLoginDialog, type SessionState } from '@/lib/session.ts'
import type { User } from '@/lib/user.ts'
import { currentTab, RETURN_AFTER_PRESS_MS, TabBar } from './tab-bar.tsx'

const lily = { id: 'u1', username: 'lily', nickname: 'Lily', role: 'user' } as User

function LoginProbe() {
  const { open } = useLoginDialog()
  return open ? <p>login dialog open</p> : null
}

/** The tab bar over a few pages of the route table, at `path`, for `user` (null: signed out). */
async function renderTabBar(path: string, user: User | null) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <LoginProbe />
        <TabBar />
      </>
    ),
  })
  const page = (routePath: string) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: routePath,
      component: () => <h1>page {routePath}</h1>,
    })
  const router = createRouter({
    routeTree: rootRoute.addChildren(
      [
        '/',
        '/plaza',
        '/plaza/weather/map',
        '/group',
        '/group/$groupId',
        '/profile',
        '/profile/$userId',
        '/settings/account',
        '/developers',
      ].map(page),
    ),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  const queryClient = new QueryClient()
  queryClient.setQueryData<SessionState>(sessionQueryKey, {
    user,
    authUrl: null,
    wechatOpenId: null,
    hasUser: user !== null,
  })
  await act(async () => {
    render(
      <Provider store={createStore()}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Provider>,
    )
  })
  // By its label, not its role: a bar that is hidden (a field has the focus) has no role.
  const bar = await waitFor(() => {
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Tab bar"]')
    if (!nav) throw new Error('no tab bar')
    return nav
  })
  return { bar, router, user: userEvent.setup() }
}

function currentOf(bar: HTMLElement): string[] {
  return within(bar)
    .queryAllByRole('link')
    .concat(within(bar).queryAllByRole('button'))
    .filter((tab) => tab.getAttribute('aria-current') === 'page')
    .map((tab) => tab.textContent ?? '')
}

describe('the tab bar', () => {
  it('has Home, Plaza, Groups and Me, and marks the tab of the page', async () => {
    const { bar, user } = await renderTabBar('/', lily)
    expect(
      within(bar)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Plaza', 'Groups', 'Me'])
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(bar).getByRole('link', { name: 'Plaza' })).toHaveAttribute('href', '/plaza')
    expect(within(bar).getByRole('link', { name: 'Groups' })).toHaveAttribute('href', '/group')
    expect(currentOf(bar)).toEqual(['Home'])

    await user.click(within(bar).getByRole('link', { name: 'Groups' }))
    expect(await screen.findByRole('heading', { name: 'page /group' })).toBeInTheDocument()
    expect(currentOf(bar)).toEqual(['Groups'])
    // The visible mark goes with it.
    expect(within(bar).getByRole('link', { name: 'Groups' })).toHaveAttribute(
      'data-current',
      'true',
    )
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('data-current', 'false')
  })

  it('keeps the tab marked on the pages below it, and marks none elsewhere', async () => {
    const { bar, router } = await renderTabBar('/group/g1', lily)
    expect(currentOf(bar)).toEqual(['Groups'])
    await act(() => router.navigate({ to: '/plaza/weather/map' }))
    expect(currentOf(bar)).toEqual(['Plaza'])
    await act(() => router.navigate({ to: '/developers' }))
    expect(currentOf(bar)).toEqual([])
  })

  it('signed in, Me is the profile, also on the settings; another profile is no tab', async () => {
    const { bar, router, user } = await renderTabBar('/', lily)
    const me = within(bar).getByRole('link', { name: 'Me' })
    expect(me).toHaveAttribute('href', '/profile')
    await user.click(me)
    expect(await screen.findByRole('heading', { name: 'page /profile' })).toBeInTheDocument()
    expect(currentOf(bar)).toEqual(['Me'])
    await act(() => router.navigate({ to: '/settings/account' }))
    expect(currentOf(bar)).toEqual(['Me'])
    await act(() => router.navigate({ to: '/profile/$userId', params: { userId: 'u1' } }))
    expect(currentOf(bar)).toEqual(['Me'])
    await act(() => router.navigate({ to: '/profile/$userId', params: { userId: 'u2' } }))
    expect(currentOf(bar)).toEqual([])
    expect(screen.queryByText('login dialog open')).not.toBeInTheDocument()
  })

  it('signed out, Me opens the login dialog and stays on the page', async () => {
    const { bar, router, user } = await renderTabBar('/plaza', null)
    expect(within(bar).queryByRole('link', { name: 'Me' })).not.toBeInTheDocument()
    const me = within(bar).getByRole('button', { name: 'Me' })
    expect(me).toHaveAttribute('aria-haspopup', 'dialog')
    await user.click(me)
    expect(screen.getByText('login dialog open')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/plaza')
  })

  it('steps aside while a text field has the focus (the on-screen keyboard)', async () => {
    const { bar } = await renderTabBar('/', lily)
    const field = document.createElement('input')
    const checkbox = document.createElement('input')
    checkbox.type = 'checkbox'
    document.body.append(field, checkbox)
    try {
      act(() => field.focus())
      expect(bar).not.toBeVisible()
      act(() => checkbox.focus())
      expect(bar).toBeVisible()
    } finally {
      field.remove()
      checkbox.remove()
    }
  })

  it('stays away when a field has the focus before it mounts', async () => {
    const field = document.createElement('input')
    document.body.append(field)
    try {
      field.focus()
      const { bar } = await renderTabBar('/', lily)
      expect(bar).not.toBeVisible()
    } finally {
      field.remove()
    }
  })

  it('comes back after a press that took the focus from a field has ended, not under the finger', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { bar } = await renderTabBar('/', lily)
    const field = document.createElement('textarea')
    const button = document.createElement('button')
    document.body.append(field, button)
    try {
      act(() => field.focus())
      expect(bar).not.toBeVisible()
      // The press on the button below the field: the field loses the focus on the way down.
      act(() => {
        fireEvent.pointerDown(button)
        button.focus()
      })
      expect(bar).not.toBeVisible()
      act(() => {
        fireEvent.pointerUp(button)
        fireEvent.click(button)
      })
      expect(bar).not.toBeVisible()
      act(() => vi.advanceTimersByTime(RETURN_AFTER_PRESS_MS))
      expect(bar).toBeVisible()

      // A press that lands in another field keeps it away.
      act(() => field.focus())
      act(() => {
        fireEvent.pointerDown(field)
        fireEvent.pointerUp(field)
        vi.advanceTimersByTime(RETURN_AFTER_PRESS_MS)
      })
      expect(bar).not.toBeVisible()
    } finally {
      field.remove()
      button.remove()
      vi.useRealTimers()
    }
  })
})

describe('currentTab', () => {
  it('maps a path to its tab, ignoring a trailing slash', () => {
    expect(currentTab('/', null)).toBe('home')
    expect(currentTab('/plaza/', null)).toBe('plaza')
    expect(currentTab('/plazas', null)).toBeNull()
    expect(currentTab('/group/g1/article/a1/display', null)).toBe('groups')
    expect(currentTab('/profile/system/basic', 'u1')).toBe('me')
    expect(currentTab('/profile/u1', null)).toBeNull()
    expect(currentTab('/admin/logs', 'u1')).toBeNull()
  })
})
