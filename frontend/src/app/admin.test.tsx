import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type StubResponse } from '@/test/fetch.ts'
import type { OverviewResponse } from '@/lib/api/types.ts'
import { renderApp as renderWith } from '@/test/render-app.tsx'

// The admin console through the real router, shell and query client; only fetch is faked.

type Routes = Record<string, (init: RequestInit | undefined) => StubResponse>

const baseUser = {
  nickname: '',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null,
  wechatLinked: false,
}
const admin = { ...baseUser, id: 'u0', username: 'admin', nickname: 'Admin', role: 'admin' }
const lily = { ...baseUser, id: 'u1', username: 'lily', nickname: 'Lily', role: 'user' }
const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}
const signedInAs = (user: typeof admin) => ({
  ...signedOut,
  isAuthenticated: true,
  hasUser: true,
  user,
})

const overview = {
  success: true,
  users: 1234,
  counts: {
    users: 1234,
    groups: 56,
    plazaPosts: 789,
    articles: 12,
    mediaFiles: 340,
    storageBytes: 5 * 1024 * 1024 * 1024 + 512 * 1024 * 1024,
  },
  latestEvents: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      at: '2026-11-26T08:00:00Z',
      action: 'auth.sign_in_failed',
      actorId: null,
      actorUsername: null,
      actorNickname: null,
      target: 'alice',
      ip: '192.0.2.1',
      detail: 'password: wrong password',
    },
  ],
  integrations: {
    database: 'sqlite',
    sms: 'log',
    wechat: true,
    llm: 'deepseek',
    weather: false,
    mediaStore: 'filesystem',
    lastAttempts: {
      sms: null,
      wechat: {
        at: '2026-11-26T08:10:00Z',
        ok: true,
        error: null,
        lastSuccessAt: '2026-11-26T08:10:00Z',
      },
      llm: {
        at: '2026-11-26T08:20:00Z',
        ok: false,
        error: 'timeout',
        lastSuccessAt: null,
      },
      weather: null,
    },
  },
} satisfies OverviewResponse

function renderApp(path: string, routes: Routes) {
  const { fetchMock, router, user } = renderWith(path, routes)
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method &&
        new URL(String(input), location.href).pathname === path,
    )
  const bodyOf = (method: string, path: string, index = 0) =>
    JSON.parse(String(calls(method, path)[index]?.[1]?.body)) as unknown
  return { fetchMock, router, calls, bodyOf, user }
}

const asAdmin = (routes: Routes = {}): Routes => ({
  'GET /api/auth/token': () => ({ body: signedInAs(admin) }),
  ...routes,
})

afterEach(async () => {
  // Let history traversals of closed modals finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('admin guard and layout', () => {
  it('shows an admin the console navigation and the overview from the server', async () => {
    renderApp('/admin', asAdmin({ 'GET /api/admin/overview': () => ({ body: overview }) }))
    const nav = await screen.findByRole('navigation', { name: 'Admin console' })
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/admin')
    expect(within(nav).getByRole('link', { name: 'WeChat token' })).toHaveAttribute(
      'href',
      '/admin/wechat/token',
    )
    expect(within(nav).getByRole('link', { name: 'WeChat menu' })).toHaveAttribute(
      'href',
      '/admin/wechat/menu',
    )
    expect(await screen.findByTestId('count-users')).toHaveTextContent('1,234')
    expect(screen.getByTestId('count-plazaPosts')).toHaveTextContent('789')
    expect(screen.getByTestId('count-storage')).toHaveTextContent('5.5 GB')
    // The latest events, labelled in the audit log's words (its lazy namespace).
    expect(
      await within(screen.getByTestId('latest-events')).findByText('Sign-in refused'),
    ).toBeInTheDocument()
    expect(screen.getByTestId('latest-events')).toHaveTextContent('alice')
    expect(screen.getByRole('link', { name: 'Open the audit log' })).toHaveAttribute(
      'href',
      '/admin/logs',
    )
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'href',
      '/admin/logs',
    )
    expect(screen.getByText('Local disk')).toBeInTheDocument()
    expect(screen.getByText('Turned off')).toBeInTheDocument()
    expect(screen.getByText('SQLite')).toBeInTheDocument()
    expect(screen.getByText('Log only (development)')).toBeInTheDocument()
    expect(screen.getByText('AI assistant model').nextElementSibling).toHaveTextContent('DeepSeek')
    expect(screen.getByText('Configured')).toBeInTheDocument()
    // Each integration's real state: its last call, not its configuration.
    expect(screen.getByTestId('attempt-wechat')).toHaveAttribute('data-state', 'ok')
    expect(screen.getByTestId('attempt-wechat')).toHaveTextContent('Working')
    expect(screen.getByTestId('attempt-llm')).toHaveAttribute('data-state', 'failed')
    expect(screen.getByTestId('attempt-llm')).toHaveTextContent('Failing: no answer in time')
    expect(screen.getByTestId('attempt-llm')).toHaveTextContent('never succeeded')
    expect(screen.getByTestId('attempt-sms')).toHaveTextContent('Configured, not called yet')
    expect(screen.getByTestId('attempt-weather')).toHaveTextContent('Not in use')
    expect(screen.getByRole('link', { name: /Custom menu/ })).toHaveAttribute(
      'href',
      '/admin/wechat/menu',
    )
  })

  it('offers the console in the account menu to admins only', async () => {
    const { user } = renderApp(
      '/',
      asAdmin({ 'GET /api/admin/overview': () => ({ body: overview }) }),
    )
    await user.click(await screen.findByRole('button', { name: /Account menu of Admin$/ }))
    const link = screen.getByRole('menuitem', { name: 'Admin console' })
    expect(link).toHaveAttribute('href', '/admin')
    await user.click(link)
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument()
  })

  it('shows a signed-in user who is not an admin the 403 page and asks the server nothing', async () => {
    const { calls, user } = renderApp('/admin/wechat/menu', {
      'GET /api/auth/token': () => ({ body: signedInAs(lily) }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Forbidden' })).toBeInTheDocument()
    expect(screen.getByText('Error 403')).toBeInTheDocument()
    expect(screen.getByText(/Your account is not an administrator/)).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Admin console' })).not.toBeInTheDocument()
    expect(screen.queryByRole('main')).not.toHaveTextContent('Log in')
    expect(calls('GET', '/api/admin/wechat/menu')).toHaveLength(0)

    await user.click(await screen.findByRole('button', { name: /Account menu of Lily$/ }))
    expect(screen.queryByRole('menuitem', { name: 'Admin console' })).not.toBeInTheDocument()
  })

  it('shows visitors the 403 page with a button that opens the login dialog', async () => {
    const { user } = renderApp('/admin', {
      'GET /api/auth/token': () => ({ body: signedOut }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Forbidden' })).toBeInTheDocument()
    expect(screen.getByText(/Log in with an administrator account/)).toBeInTheDocument()
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('dialog', { name: 'Log in to Courtyard' })).toBeInTheDocument()
  })

  it('turns into the 403 page when the server refuses an admin (demoted meanwhile)', async () => {
    let sessionCalls = 0
    renderApp('/admin', {
      'GET /api/auth/token': () => ({ body: signedInAs(++sessionCalls === 1 ? admin : lily) }),
      'GET /api/admin/overview': () => ({
        status: 403,
        body: { success: false, code: 'forbidden', message: 'Administrators only' },
      }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Forbidden' })).toBeInTheDocument()
    // The session is asked again, so the header forgets the admin rights as well.
    await waitFor(() => expect(sessionCalls).toBe(2))
    expect(await screen.findByText(/Your account is not an administrator/)).toBeInTheDocument()
  })

  it('signs the browser out when an admin call answers 401', async () => {
    renderApp('/admin', {
      'GET /api/auth/token': () => ({ body: signedInAs(admin) }),
      'GET /api/admin/overview': () => ({
        status: 401,
        body: { success: false, code: 'unauthorized', message: 'Please log in' },
      }),
    })
    expect(await screen.findByText(/Log in with an administrator account/)).toBeInTheDocument()
  })
})

const token = {
  configured: true,
  appId: 'wx0123456789abcdef',
  state: 'fresh',
  maskedToken: '81_Ab…x9Z',
  obtainedAt: new Date(Date.now() - 20 * 60_000).toISOString(),
  expiresAt: new Date(Date.now() + 100 * 60_000).toISOString(),
  lastError: null,
  lastErrorAt: null,
  forceRefreshesLeftToday: 19,
  nextForceRefreshAt: null,
}

describe('/admin/wechat/token', () => {
  it('shows the state, the masked token and the times', async () => {
    renderApp(
      '/admin/wechat/token',
      asAdmin({ 'GET /api/admin/wechat/token': () => ({ body: { success: true, token } }) }),
    )
    expect(await screen.findByText('81_Ab…x9Z')).toBeInTheDocument()
    expect(screen.getByText('Valid')).toBeInTheDocument()
    expect(screen.getByText('wx0123456789abcdef')).toBeInTheDocument()
    expect(screen.getByText(/expires in (99|100) minutes/)).toBeInTheDocument()
    expect(screen.getByText('19')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Force refresh' })).toBeEnabled()
  })

  it('a 429 on force refresh shows the server message and disables the button until retryAfter', async () => {
    const { calls, user } = renderApp(
      '/admin/wechat/token',
      asAdmin({
        'GET /api/admin/wechat/token': () => ({ body: { success: true, token } }),
        'POST /api/admin/wechat/token/refresh': () => ({
          status: 429,
          body: {
            success: false,
            code: 'rate_limited',
            message: 'WeChat allows one forced refresh every 30 seconds',
            retryAfter: 2,
          },
        }),
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Force refresh' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Force a new access token?' })
    expect(dialog).toHaveAccessibleDescription(/every 30 seconds and 20 times a day/)
    await user.click(within(dialog).getByRole('button', { name: 'Force refresh' }))

    expect(
      await screen.findByText('WeChat allows one forced refresh every 30 seconds'),
    ).toBeInTheDocument()
    expect(calls('POST', '/api/admin/wechat/token/refresh')).toHaveLength(1)
    const button = screen.getByRole('button', { name: 'Force refresh' })
    await waitFor(() => expect(button).toBeDisabled())
    expect(screen.getByText(/Available again in \d seconds?/)).toBeInTheDocument()
    await waitFor(() => expect(button).toBeEnabled(), { timeout: 4000 })
  })

  it('a successful refresh shows the server message and the new state', async () => {
    const { user } = renderApp(
      '/admin/wechat/token',
      asAdmin({
        'GET /api/admin/wechat/token': () => ({
          body: { success: true, token: { ...token, state: 'expired', maskedToken: '80_Old…aaa' } },
        }),
        'POST /api/admin/wechat/token/refresh': () => ({
          body: { success: true, message: 'New token obtained', token },
        }),
      }),
    )
    expect(await screen.findByText('Expired')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Force refresh' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Force refresh' }))
    expect(await screen.findByRole('status')).toHaveTextContent('New token obtained')
    expect(await screen.findByText('81_Ab…x9Z')).toBeInTheDocument()
    expect(screen.getByText('Valid')).toBeInTheDocument()
  })

  it('explains which settings configure WeChat and disables the refresh', async () => {
    renderApp(
      '/admin/wechat/token',
      asAdmin({
        'GET /api/admin/wechat/token': () => ({
          body: {
            success: true,
            token: {
              ...token,
              configured: false,
              appId: null,
              state: 'missing',
              maskedToken: null,
              obtainedAt: null,
              expiresAt: null,
              forceRefreshesLeftToday: 0,
            },
          },
        }),
      }),
    )
    expect(await screen.findByText('No token')).toBeInTheDocument()
    expect(screen.getAllByText('WeChat is not configured').length).toBeGreaterThan(0)
    expect(screen.getByText('WECHAT_APP_ID')).toBeInTheDocument()
    expect(screen.getByText('WECHAT_APP_SECRET')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Force refresh' })).toBeDisabled()
  })
})

const menuRoutes = (menu: unknown, routes: Routes = {}): Routes =>
  asAdmin({
    'GET /api/admin/wechat/menu': () => ({ body: { success: true, menu } }),
    'GET /api/admin/wechat/menu/versions': () => ({ body: { success: true, versions: [] } }),
    ...routes,
  })

const group = (name: string, container: HTMLElement = document.body) =>
  within(container).getByRole('group', { name })

describe('/admin/wechat/menu editor', () => {
  it('stops at 3 buttons and 5 sub-buttons', async () => {
    const { user } = renderApp('/admin/wechat/menu', menuRoutes(null))
    expect(await screen.findByText('No menu yet. Add a button to start one.')).toBeInTheDocument()
    const add = screen.getByRole('button', { name: 'Add button' })
    await user.click(add)
    await user.click(add)
    await user.click(add)
    expect(screen.getAllByRole('group', { name: /^Button \d$/ })).toHaveLength(3)
    expect(add).toBeDisabled()
    await user.click(add)
    expect(screen.getAllByRole('group', { name: /^Button \d$/ })).toHaveLength(3)
    expect(screen.getByText('WeChat allows at most 3 buttons.')).toBeInTheDocument()

    const first = group('Button 1')
    await user.selectOptions(within(first).getByLabelText('Type'), 'parent')
    expect(within(first).getAllByRole('group', { name: /^Sub-button \d$/ })).toHaveLength(1)
    const addSub = within(first).getByRole('button', { name: 'Add sub-button' })
    for (let i = 0; i < 4; i++) await user.click(addSub)
    expect(within(first).getAllByRole('group', { name: /^Sub-button \d$/ })).toHaveLength(5)
    expect(addSub).toBeDisabled()
    await user.click(addSub)
    expect(within(first).getAllByRole('group', { name: /^Sub-button \d$/ })).toHaveLength(5)

    // Removing one makes room again.
    await user.click(within(first).getByRole('button', { name: 'Remove Sub-button 5' }))
    expect(addSub).toBeEnabled()
  })

  it('counts name bytes in UTF-8 and marks a name that is too long', async () => {
    const { user } = renderApp('/admin/wechat/menu', menuRoutes(null))
    await user.click(await screen.findByRole('button', { name: 'Add button' }))
    const button = group('Button 1')
    const name = within(button).getByLabelText('Name')
    await user.type(name, '六个汉字')
    expect(within(button).getByText('12/16 bytes')).toBeInTheDocument()
    expect(name).not.toHaveAttribute('aria-invalid')

    await user.clear(name)
    await user.type(name, '一二三四五六')
    const counter = within(button).getByText(/^18\/16 bytes/)
    expect(counter).toHaveAttribute('data-over', 'true')
    expect(name).toHaveAttribute('aria-invalid', 'true')

    // Below the top level the limit is 60 bytes.
    await user.selectOptions(within(button).getByLabelText('Type'), 'parent')
    const sub = group('Sub-button 1', button)
    await user.type(within(sub).getByLabelText('Name'), '一二三四五六')
    expect(within(sub).getByText('18/60 bytes')).not.toHaveAttribute('data-over')
  })

  it('shows the faults of a validation next to the fields their paths name, also after a move', async () => {
    const { bodyOf, user } = renderApp(
      '/admin/wechat/menu',
      menuRoutes(
        {
          button: [
            { name: '官网', type: 'view', url: 'ftp://example.com' },
            { name: '服务', sub_button: [{ name: '', type: 'click', key: 'BOOK' }] },
          ],
        },
        {
          'POST /api/admin/wechat/menu/validate': () => ({
            body: {
              success: true,
              valid: false,
              faults: [
                {
                  path: 'button[1].sub_button[0].name',
                  code: 'name_required',
                  message: 'A name is required',
                },
                {
                  path: 'button[0].url',
                  code: 'url_invalid',
                  message: 'Use an http:// or https:// address',
                },
              ],
            },
          }),
        },
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Validate' }))

    const summary = await screen.findByRole('list', { name: 'Problems' })
    expect(summary).toHaveTextContent('Button 2 › Sub-button 1 › Name: A name is required')
    expect(summary).toHaveTextContent('Button 1 › URL: Use an http:// or https:// address')

    const subName = within(group('Sub-button 1', group('Button 2'))).getByLabelText('Name')
    expect(subName).toHaveAccessibleDescription(/A name is required/)
    expect(subName).toHaveAttribute('aria-invalid', 'true')
    expect(within(group('Button 1')).getByLabelText('URL')).toHaveAccessibleDescription(
      /Use an http:\/\/ or https:\/\/ address/,
    )
    expect(within(group('Button 1')).getAllByLabelText('Name')[0]).not.toHaveAccessibleDescription(
      /required/,
    )
    expect(bodyOf('POST', '/api/admin/wechat/menu/validate')).toEqual({
      button: [
        { name: '官网', type: 'view', url: 'ftp://example.com' },
        { name: '服务', sub_button: [{ type: 'click', key: 'BOOK' }] },
      ],
    })

    // The fault stays with its field when the button moves.
    await user.click(screen.getByRole('button', { name: 'Move Button 2 up' }))
    const moved = within(group('Sub-button 1', group('Button 1'))).getByLabelText('Name')
    expect(moved).toHaveAccessibleDescription(/A name is required/)
    expect(summary).toHaveTextContent('Button 1 › Sub-button 1 › Name: A name is required')

    // Typing into the field clears its fault.
    await user.type(moved, '预约')
    expect(moved).not.toHaveAccessibleDescription(/A name is required/)
  })

  it('publishes the edited tree in WeChat’s JSON shape after validating and confirming', async () => {
    const version = {
      id: '7',
      menu: {},
      publishedAt: '2026-03-01T08:00:00Z',
      publishedBy: 'admin',
      rolledBackFrom: null,
    }
    const { bodyOf, calls, user } = renderApp(
      '/admin/wechat/menu',
      menuRoutes(null, {
        'POST /api/admin/wechat/menu/validate': () => ({
          body: { success: true, valid: true, faults: [] },
        }),
        'PUT /api/admin/wechat/menu': (init) => ({
          body: {
            success: true,
            message: 'Menu published to WeChat',
            version: { ...version, menu: JSON.parse(String(init?.body)) as unknown },
          },
        }),
      }),
    )
    const add = await screen.findByRole('button', { name: 'Add button' })
    await user.click(add)
    const first = group('Button 1')
    await user.type(within(first).getByLabelText('Name'), '关于我们')
    await user.type(within(first).getByLabelText('URL'), 'https://example.com/about')

    await user.click(add)
    const second = group('Button 2')
    await user.type(within(second).getAllByLabelText('Name')[0]!, '服务')
    await user.selectOptions(within(second).getAllByLabelText('Type')[0]!, 'parent')
    const sub = group('Sub-button 1', second)
    await user.type(within(sub).getByLabelText('Name'), '预约')
    // A URL typed while it was a view is not sent once it is a click.
    await user.type(within(sub).getByLabelText('URL'), 'https://stale.example')
    await user.selectOptions(within(sub).getByLabelText('Type'), 'click')
    await user.type(within(sub).getByLabelText('Key'), 'BOOK')
    expect(screen.getByText('Unpublished changes')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Publish' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish this menu?' })
    expect(calls('PUT', '/api/admin/wechat/menu')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }))

    expect(await screen.findByRole('status')).toHaveTextContent('Menu published to WeChat')
    const expected = {
      button: [
        { name: '关于我们', type: 'view', url: 'https://example.com/about' },
        { name: '服务', sub_button: [{ name: '预约', type: 'click', key: 'BOOK' }] },
      ],
    }
    expect(bodyOf('POST', '/api/admin/wechat/menu/validate')).toEqual(expected)
    expect(bodyOf('PUT', '/api/admin/wechat/menu')).toEqual(expected)
    expect(screen.queryByText('Unpublished changes')).not.toBeInTheDocument()
    expect(screen.getByText('Published')).toBeInTheDocument()
  })

  it('does not publish a menu the validation refuses, and shows a 422 invalid_menu the same way', async () => {
    let valid = false
    const { calls, user } = renderApp(
      '/admin/wechat/menu',
      menuRoutes(
        { button: [{ name: 'Docs', type: 'view', url: 'https://docs.example' }] },
        {
          'POST /api/admin/wechat/menu/validate': () => ({
            body: valid
              ? { success: true, valid: true, faults: [] }
              : {
                  success: true,
                  valid: false,
                  faults: [{ path: 'button[0].url', code: 'url_too_long', message: 'Too long' }],
                },
          }),
          'PUT /api/admin/wechat/menu': () => ({
            status: 422,
            body: {
              success: false,
              code: 'invalid_menu',
              message: 'The menu breaks WeChat’s rules',
              faults: [{ path: 'button[0].name', code: 'name_too_long', message: 'Name too long' }],
            },
          }),
        },
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Too long')).toBeInTheDocument()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()

    valid = true
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish this menu?' })
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }))
    await waitFor(() =>
      expect(within(group('Button 1')).getByLabelText('Name')).toHaveAccessibleDescription(
        /Name too long/,
      ),
    )
    expect(calls('PUT', '/api/admin/wechat/menu')).toHaveLength(1)
  })

  it('deletes the menu after a destructive confirm', async () => {
    const { calls, user } = renderApp(
      '/admin/wechat/menu',
      menuRoutes(
        { button: [{ name: 'Docs', type: 'view', url: 'https://docs.example' }] },
        {
          'DELETE /api/admin/wechat/menu': () => ({
            body: { success: true, message: 'Menu deleted' },
          }),
        },
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Delete menu' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the menu?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete menu' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Menu deleted')
    expect(calls('DELETE', '/api/admin/wechat/menu')).toHaveLength(1)
    expect(screen.getByText('No menu yet. Add a button to start one.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete menu' })).toBeDisabled()
  })

  it('shows WeChat errors with the server’s message', async () => {
    renderApp(
      '/admin/wechat/menu',
      asAdmin({
        'GET /api/admin/wechat/menu': () => ({
          status: 503,
          body: {
            success: false,
            code: 'wechat_not_configured',
            message: 'WeChat is not set up on this server',
          },
        }),
        'GET /api/admin/wechat/menu/versions': () => ({ body: { success: true, versions: [] } }),
      }),
    )
    expect(await screen.findByText('WeChat is not set up on this server')).toBeInTheDocument()
    expect(screen.getByText('WECHAT_APP_ID')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('asks before leaving with unpublished changes', async () => {
    const { router, user } = renderApp(
      '/admin/wechat/menu',
      menuRoutes(null, { 'GET /api/admin/overview': () => ({ body: overview }) }),
    )
    await user.click(await screen.findByRole('button', { name: 'Add button' }))
    const nav = screen.getByRole('navigation', { name: 'Admin console' })

    await user.click(within(nav).getByRole('link', { name: 'Overview' }))
    const prompt = await screen.findByRole('alertdialog', { name: 'Leave without publishing?' })
    await user.click(within(prompt).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/admin/wechat/menu')
    expect(screen.getAllByRole('group', { name: /^Button \d$/ })).toHaveLength(1)

    await user.click(within(nav).getByRole('link', { name: 'Overview' }))
    const again = await screen.findByRole('alertdialog', { name: 'Leave without publishing?' })
    await user.click(within(again).getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument()
  })
})

describe('/admin/wechat/menu versions', () => {
  const v1 = { button: [{ name: 'Old', type: 'click', key: 'OLD' }] }
  const v2 = { button: [{ name: 'Middle', type: 'view', url: 'https://m.example' }] }
  const versions = [
    {
      id: 'v3',
      menu: v1,
      publishedAt: '2026-03-03T08:00:00Z',
      publishedBy: 'admin',
      rolledBackFrom: 'v1',
    },
    {
      id: 'v2',
      menu: v2,
      publishedAt: '2026-03-02T08:00:00Z',
      publishedBy: 'ops',
      rolledBackFrom: null,
    },
    {
      id: 'v1',
      menu: v1,
      publishedAt: '2026-03-01T08:00:00Z',
      publishedBy: 'admin',
      rolledBackFrom: null,
    },
  ]

  it('lists versions and rolls back through the right URL, then reloads menu and versions', async () => {
    let current: unknown = v1
    const { calls, user } = renderApp(
      '/admin/wechat/menu',
      asAdmin({
        'GET /api/admin/wechat/menu': () => ({ body: { success: true, menu: current } }),
        'GET /api/admin/wechat/menu/versions': () => ({ body: { success: true, versions } }),
        'POST /api/admin/wechat/menu/versions/v2/rollback': () => {
          current = v2
          return {
            body: {
              success: true,
              message: 'Version v2 is live again',
              version: { ...versions[1], id: 'v4', rolledBackFrom: 'v2' },
            },
          }
        },
      }),
    )
    const list = await screen.findByRole('list', { name: 'Version history' })
    const newest = within(list).getByRole('listitem', { name: 'Version v3' })
    expect(newest).toHaveTextContent('Latest')
    expect(newest).toHaveTextContent('rolled back from #v1')
    expect(newest).toHaveTextContent('1 button')
    const middle = within(list).getByRole('listitem', { name: 'Version v2' })
    expect(middle).toHaveTextContent('by ops')

    await user.click(within(middle).getByRole('button', { name: 'Roll back' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Roll back to version #v2?' })
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }))

    expect(await screen.findByRole('status')).toHaveTextContent('Version v2 is live again')
    expect(calls('POST', '/api/admin/wechat/menu/versions/v2/rollback')).toHaveLength(1)
    await waitFor(() => expect(calls('GET', '/api/admin/wechat/menu')).toHaveLength(2))
    expect(calls('GET', '/api/admin/wechat/menu/versions')).toHaveLength(2)
    expect(within(group('Button 1')).getByLabelText('Name')).toHaveValue('Middle')
    expect(screen.getByText('Published')).toBeInTheDocument()
  })

  it('shows a version’s JSON and loads it into the editor', async () => {
    const { user } = renderApp(
      '/admin/wechat/menu',
      asAdmin({
        'GET /api/admin/wechat/menu': () => ({ body: { success: true, menu: v1 } }),
        'GET /api/admin/wechat/menu/versions': () => ({ body: { success: true, versions } }),
      }),
    )
    const list = await screen.findByRole('list', { name: 'Version history' })
    const middle = within(list).getByRole('listitem', { name: 'Version v2' })
    await user.click(within(middle).getByRole('button', { name: 'View JSON' }))
    const dialog = await screen.findByRole('dialog', { name: 'Version #v2' })
    expect(dialog).toHaveTextContent('"url": "https://m.example"')
    await user.click(within(dialog).getByRole('button', { name: 'Load into editor' }))

    expect(within(group('Button 1')).getByLabelText('Name')).toHaveValue('Middle')
    expect(screen.getByText('Unpublished changes')).toBeInTheDocument()
  })
})
