import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '@/test/render-app.tsx'

vi.mock('@/lib/navigation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/navigation.ts')>()),
  navigateExternal: vi.fn(),
}))

const lily = {
  id: 'u1',
  username: 'lily',
  nickname: 'Lily',
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
}
const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}
const signedIn = { ...signedOut, isAuthenticated: true, hasUser: true, user: lily }

afterEach(async () => {
  // Let history traversals of closed modals finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('application shell', () => {
  it('renders the 404 page inside the shell for an unknown path', async () => {
    renderApp('/no/such/page', { 'GET /api/auth/token': () => ({ body: signedOut }) })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Page not found: /no/such/page')).toBeInTheDocument()
    expect(screen.getByText('Error 404')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Courtyard' })).toHaveAttribute('href', '/')
  })

  it('shows the home page and a login button to visitors, and opens the login dialog', async () => {
    const { user } = renderApp('/', { 'GET /api/auth/token': () => ({ body: signedOut }) })
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'A community in Chinese and English',
      }),
    ).toBeInTheDocument()
    expect(document.title).toBe('Courtyard')
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('dialog', { name: 'Log in to Courtyard' })).toBeInTheDocument()
  })

  it('greets a signed-in user and offers settings and logout in the avatar menu', async () => {
    const { user } = renderApp('/', {
      'GET /api/auth/token': () => ({ body: signedIn }),
      'POST /api/auth/logout': () => ({
        status: 500,
        body: { success: false, message: 'database down' },
      }),
    })
    expect(await screen.findByText('Hello, Lily')).toBeInTheDocument()

    // The avatar menu is a lazy chunk (app/shell/account-control.tsx).
    const avatar = await screen.findByRole('button', { name: /Account menu of Lily$/ })
    expect(avatar).toHaveTextContent('LI')
    await user.click(avatar)
    const menu = screen.getByRole('menu', { name: 'Account menu of Lily' })
    expect(within(menu).getByRole('menuitem', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/settings/account',
    )
    expect(within(menu).getByRole('menuitem', { name: 'Security' })).toHaveAttribute(
      'href',
      '/settings/security',
    )

    // Logout clears the user even though the server call fails (spec §4.1).
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }))
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument()
    expect(await screen.findByRole('status')).toHaveTextContent('database down')
  })

  it('switches language and colour mode from the header and remembers both', async () => {
    const { user } = renderApp('/', { 'GET /api/auth/token': () => ({ body: signedOut }) })
    await user.click(await screen.findByRole('button', { name: 'Language' }))
    await user.click(screen.getByRole('menuitemradio', { name: '中文' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: '一个中英双语的社区' }),
    ).toBeInTheDocument()
    expect(document.cookie).toContain('preference_language=zh')
    expect(document.title).toBe('庭院')
    expect(document.documentElement.lang).toBe('zh-CN')

    await user.click(screen.getByRole('button', { name: '颜色模式' }))
    await user.click(screen.getByRole('menuitemradio', { name: '深色' }))
    expect(document.documentElement).toHaveClass('dark')
    expect(localStorage.getItem('preference_dark')).toBe('dark')

    await user.click(screen.getByRole('button', { name: '界面语言' }))
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }))
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'A community in Chinese and English',
      }),
    ).toBeInTheDocument()
    document.cookie = 'preference_language=; Max-Age=0; Path=/'
    document.documentElement.classList.remove('dark')
  })

  it('follows an authUrl from the server', async () => {
    const { navigateExternal } = await import('@/lib/navigation.ts')
    renderApp('/', {
      'GET /api/auth/token': () => ({
        body: { ...signedOut, authUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize?x=1' },
      }),
    })
    await waitFor(() =>
      expect(navigateExternal).toHaveBeenCalledWith(
        'https://open.weixin.qq.com/connect/oauth2/authorize?x=1',
      ),
    )
  })
})

describe('/settings/security', () => {
  const sessions = [
    {
      id: 's1',
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ip: '203.0.113.7',
      createdAt: '2026-01-01T08:00:00Z',
      lastSeenAt: '2026-01-03T09:30:00Z',
      current: true,
    },
    {
      id: 's2',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ip: null,
      createdAt: '2026-01-02T08:00:00Z',
      lastSeenAt: '2026-01-02T10:00:00Z',
      current: false,
    },
  ]

  it('asks visitors to log in', async () => {
    renderApp('/settings/security', { 'GET /api/auth/token': () => ({ body: signedOut }) })
    expect(await screen.findByText('Log in to manage your account security')).toBeInTheDocument()
  })

  it('lists the sessions and revokes one through the confirm dialog', async () => {
    let remaining = sessions
    const { fetchMock, user } = renderApp('/settings/security', {
      'GET /api/auth/token': () => ({ body: signedIn }),
      'GET /api/auth/sessions': () => ({ body: { success: true, sessions: remaining } }),
      'DELETE /api/auth/sessions/s2': () => {
        remaining = sessions.filter((session) => session.id !== 's2')
        return { body: { success: true, message: 'Session revoked' } }
      },
    })
    const devices = await screen.findByRole('region', { name: 'Where you are logged in' })
    const list = await within(devices).findByRole('list')
    expect(within(list).getByText('Chrome on Windows')).toBeInTheDocument()
    expect(within(list).getByText('This device')).toBeInTheDocument()
    expect(within(list).getByText('203.0.113.7')).toBeInTheDocument()
    expect(within(list).getByText('Safari on iOS')).toBeInTheDocument()
    expect(within(list).getByText('unknown')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Log out Safari on iOS' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Log out this device?' })
    expect(confirm).toHaveAccessibleDescription('Safari on iOS will have to log in again.')
    await user.click(within(confirm).getByRole('button', { name: 'Log out' }))

    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument())
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sessions/s2',
      expect.objectContaining({ method: 'DELETE' }),
    )
    expect(await screen.findByRole('status')).toHaveTextContent('Session revoked')
  })

  it('changes the password and reports the server message', async () => {
    const { fetchMock, user } = renderApp('/settings/security', {
      'GET /api/auth/token': () => ({ body: signedIn }),
      'GET /api/auth/sessions': () => ({ body: { success: true, sessions } }),
      'POST /api/auth/password/change': () => ({
        body: { success: true, message: 'Password changed' },
      }),
    })
    await user.type(await screen.findByLabelText('Current password'), 'old-password')
    await user.type(screen.getByLabelText('New password'), 'new-password-1')
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password changed')).toBeInTheDocument()
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/password/change')
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
      revokeTokens: false,
    })
    expect(screen.getByLabelText('Current password')).toHaveValue('')
  })

  it('puts a wrong current password next to its field', async () => {
    const { user } = renderApp('/settings/security', {
      'GET /api/auth/token': () => ({ body: signedIn }),
      'GET /api/auth/sessions': () => ({ body: { success: true, sessions } }),
      'POST /api/auth/password/change': () => ({
        status: 400,
        body: { success: false, code: 'wrong_password', message: 'The current password is wrong' },
      }),
    })
    await user.type(await screen.findByLabelText('Current password'), 'bad-password')
    await user.type(screen.getByLabelText('New password'), 'new-password-1')
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument()
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true')
  })
})
