import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { afterEach, describe, expect, it } from 'vitest'
import { createQueryClient } from '@/lib/query-client.ts'
import { stubApi } from '@/test/fetch.ts'
import { createAppRouter } from './router.tsx'

const lily = {
  id: 'u1',
  username: 'lily',
  nickname: 'Lily',
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: { prefix: '1', masked: '202****0123' },
  wechatLinked: false,
}

function renderApp(path: string) {
  window.history.replaceState(null, '', path)
  stubApi({
    'GET /api/auth/token': () => ({
      body: {
        success: true,
        isAuthenticated: true,
        hasUser: false,
        user: lily,
        wechatOpenId: null,
        authUrl: null,
      },
    }),
    'GET /api/auth/sessions': () => ({ body: { success: true, sessions: [] } }),
  })
  const router = createAppRouter(createQueryClient())
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={router.options.context.queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  )
  return { router, user: userEvent.setup() }
}

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('settings layout', () => {
  it('/settings opens the account section', async () => {
    const { router } = renderApp('/settings')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account settings' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/settings/account')
  })

  it('links the sections and marks the current one', async () => {
    const { router, user } = renderApp('/settings/account')
    expect(await screen.findByText('+1 202****0123')).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Settings' })
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await user.click(within(nav).getByRole('link', { name: 'Security' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account security' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/settings/security')
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Security' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    )
  })
})
