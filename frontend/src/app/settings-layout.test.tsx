import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp as renderWith } from '@/test/render-app.tsx'

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
  avatarThumbnailUrl: null,
  bio: null,
  appearance: { colorMode: null, language: null },
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

describe('settings on a phone', () => {
  it('/settings/menu lists every section, each leading to its page', async () => {
    const { router, user } = renderApp('/settings/menu')
    const menu = await screen.findByRole('navigation', { name: 'Settings sections' })
    const links = within(menu).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/settings/account',
      '/settings/security',
      '/settings/notifications',
      '/settings/blocks',
      '/settings/appearance',
    ])
    await user.click(within(menu).getByRole('link', { name: /Appearance/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Appearance' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/settings/appearance')
    expect(screen.getByRole('link', { name: 'All settings' })).toHaveAttribute(
      'href',
      '/settings/menu',
    )
  })
})

function renderApp(path: string) {
  return renderWith(path, {
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
}
