import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n.ts'
import { rememberPatSecret } from '@/lib/pat-secrets.ts'
import type { StubResponse } from '@/test/fetch.ts'
import { renderApp } from '@/test/render-app.tsx'
import { docsFixture as fixture } from '../fixtures/docs.ts'

// The docs browser through the real router, shell and query client; only fetch is faked. The
// document is a real `/api/docs.json` of app-server (fixtures/docs-en.json).

type Routes = Record<string, (init: RequestInit | undefined) => StubResponse>

const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}
const lily = {
  id: 'u1',
  username: 'lily',
  nickname: 'Lily',
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null,
  wechatLinked: false,
}
const signedIn = { ...signedOut, isAuthenticated: true, hasUser: true, user: lily }

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name)
}

function setup(path: string, routes: Routes = {}) {
  const app = renderApp(path, {
    'GET /api/auth/token': () => ({ body: signedOut }),
    'GET /api/docs.json': () => ({ body: fixture }),
    ...routes,
  })
  const calls = (method: string, pathname: string) =>
    app.fetchMock.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method &&
        new URL(String(input), location.href).pathname === pathname,
    )
  return { ...app, calls }
}

const groupButton = (name: RegExp | string) =>
  within(screen.getByRole('navigation', { name: 'Endpoints by tag' })).getByRole('button', {
    name,
  })

const endpointTitle = () => screen.getByRole('heading', { level: 2 })

beforeEach(async () => {
  if (i18n.resolvedLanguage !== 'en') await i18n.changeLanguage('en')
})

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'))
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('list view', () => {
  it('opens on an overview, with every group closed and nothing selected', async () => {
    const { user } = setup('/developers/api')
    expect(await screen.findByRole('heading', { name: 'API reference', level: 1 })).toBeVisible()
    const nav = await screen.findByRole('navigation', { name: 'Endpoints by tag' })
    const groups = within(nav)
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(groups.map((text) => text?.split(/\d/)[0])).toEqual([
      'auth',
      'account',
      'tokens',
      'admin',
      'ai',
      'groups',
      'districts',
      'plaza',
      'media',
      'notifications',
      'blocks',
      'profiles',
      'search',
      'reports',
      'system',
    ])
    // Nothing is selected (it once opened on POST /api/auth/logout, one click from signing the
    // visitor out): the overview says what the API is, how to authenticate, and its tags.
    expect(groupButton(/^auth/)).toHaveAttribute('aria-expanded', 'false')
    expect(within(nav).queryByRole('link', { current: 'page' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull()
    // Twice in the page: above the list on phones (without the tags), beside it on desktop.
    const overview = screen
      .getAllByRole('region', { name: 'Overview' })
      .find((region) => within(region).queryByRole('heading', { name: 'Groups of endpoints' }))!
    expect(within(overview).getByText(/The REST API of Courtyard/)).toBeInTheDocument()
    expect(
      within(overview).getByRole('link', { name: 'Create and manage tokens' }),
    ).toHaveAttribute('href', '/developers/pat')
    expect(within(overview).getByText('GET /api/tokens/current')).toBeInTheDocument()
    // A tag opens its group in the list, still without selecting an endpoint.
    await user.click(within(overview).getByRole('button', { name: /^plaza/ }))
    expect(groupButton(/^plaza/)).toHaveAttribute('aria-expanded', 'true')
    expect(within(nav).queryByRole('link', { current: 'page' })).toBeNull()
  })

  it('opens on the overview in Chinese too', async () => {
    await act(() => i18n.changeLanguage('zh'))
    setup('/developers/api')
    const overview = (await screen.findAllByRole('region', { name: '概览' }))[0]!
    expect(within(overview).getByRole('link', { name: '创建和管理令牌' })).toBeInTheDocument()
    expect(within(overview).getByRole('heading', { name: '身份验证' })).toBeInTheDocument()
  })

  it('toggling a group opens it and selects its first endpoint; toggling it again closes it', async () => {
    const { user } = setup('/developers/api')
    await screen.findByRole('navigation', { name: 'Endpoints by tag' })
    await user.click(groupButton(/^auth/))
    expect(groupButton(/^auth/)).toHaveAttribute('aria-expanded', 'true')
    await user.click(groupButton(/^system/))
    expect(groupButton(/^system/)).toHaveAttribute('aria-expanded', 'true')
    // One group open at a time.
    expect(groupButton(/^auth/)).toHaveAttribute('aria-expanded', 'false')
    expect(endpointTitle()).toHaveTextContent("This API's OpenAPI document")
    await user.click(groupButton(/^system/))
    expect(groupButton(/^system/)).toHaveAttribute('aria-expanded', 'false')
    expect(endpointTitle()).toHaveTextContent("This API's OpenAPI document")
  })

  it('searches path, summary and method', async () => {
    const { user } = setup('/developers/api')
    const search = await screen.findByRole('searchbox', { name: 'Search endpoints' })
    await user.type(search, 'health')
    const nav = screen.getByRole('navigation', { name: 'Endpoints by tag' })
    expect(within(nav).getAllByRole('button')).toHaveLength(1)
    expect(groupButton(/^system/)).toHaveAttribute('aria-expanded', 'true')
    // The health check, the liveness and the readiness answers: every match, and only those.
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/developers/api/get-api-health',
      '/developers/api/get-api-health-live',
      '/developers/api/get-api-health-ready',
    ])

    await user.clear(search)
    await user.type(search, 'delete sessions')
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/developers/api/delete-api-auth-sessions-id'])

    await user.clear(search)
    await user.type(search, 'zzz')
    expect(screen.getByText('No endpoint matches “zzz”.')).toBeVisible()
    await user.keyboard('{Escape}')
    expect(search).toHaveValue('')
  })
})

describe('loading', () => {
  it('keeps the error and clears docs and selection when loading fails; refresh recovers', async () => {
    let fail = false
    const { user, calls } = setup('/developers/api', {
      'GET /api/docs.json': () =>
        fail
          ? { status: 404, body: { success: false, code: 'not_found', message: 'No docs here' } }
          : { body: fixture },
    })
    await screen.findByRole('navigation', { name: 'Endpoints by tag' })
    expect(calls('GET', '/api/docs.json')).toHaveLength(1)

    fail = true
    await user.click(screen.getByRole('button', { name: 'Reload docs' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load API docs: No docs here',
    )
    expect(screen.queryByRole('navigation', { name: 'Endpoints by tag' })).toBeNull()
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull()
    expect(calls('GET', '/api/docs.json')).toHaveLength(2)

    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('navigation', { name: 'Endpoints by tag' })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getAllByRole('region', { name: 'Overview' }).length).toBeGreaterThan(0)
  })

  it('loads once: coming back to the list does not fetch again', async () => {
    const { router, calls } = setup('/developers/api')
    await screen.findByRole('navigation', { name: 'Endpoints by tag' })
    await act(() =>
      router.navigate({ to: '/developers/api/$id', params: { id: 'get-api-health' } }),
    )
    expect(await screen.findByRole('heading', { name: 'Health check', level: 2 })).toBeVisible()
    await act(() => router.navigate({ to: '/developers/api' }))
    await screen.findByRole('navigation', { name: 'Endpoints by tag' })
    expect(calls('GET', '/api/docs.json')).toHaveLength(1)
  })

  it('refetches in the new language when the display language changes', async () => {
    const zhDoc = structuredClone(fixture)
    zhDoc.paths!['/api/health']!.get!.summary = '健康检查'
    const { calls } = setup('/developers/api/get-api-health', {
      'GET /api/docs.json': (init) => ({
        body: headerOf(init, 'Accept-Language') === 'zh' ? zhDoc : fixture,
      }),
    })
    expect(await screen.findByRole('heading', { name: 'Health check', level: 2 })).toBeVisible()

    await act(() => i18n.changeLanguage('zh'))
    expect(await screen.findByRole('heading', { name: '健康检查', level: 2 })).toBeVisible()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('API 参考')
    const languages = () =>
      calls('GET', '/api/docs.json').map(([, init]) => headerOf(init, 'Accept-Language'))
    expect(languages()).toEqual(['en', 'zh'])

    // Back to English: that copy is cached, and still fetched again.
    await act(() => i18n.changeLanguage('en'))
    expect(await screen.findByRole('heading', { name: 'Health check', level: 2 })).toBeVisible()
    await waitFor(() => expect(languages()).toEqual(['en', 'zh', 'en']))
  })
})

describe('detail view', () => {
  it('shows parameters, request body and responses with an expandable schema', async () => {
    const { user } = setup('/developers/api/post-api-auth-username-login')
    expect(
      await screen.findByRole('heading', { name: 'Log in with a username and password', level: 2 }),
    ).toBeVisible()
    expect(screen.getByText('Public')).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Request body' })).toBeVisible()
    // The body textarea starts with the example.
    const body = screen.getByRole('textbox', { name: 'Body (application/json)' })
    expect(JSON.parse((body as HTMLTextAreaElement).value)).toEqual({
      password: 'correct horse battery',
      username: 'xiaoming',
    })
    // The 200 response is open; its user field expands to the UserDto fields.
    const schema = screen.getByRole('group', { name: 'Schema of the 200 response' })
    expect(within(schema).getByText('UserDto')).toBeVisible()
    const expand = within(schema).getByRole('button', { name: 'Show the fields of user' })
    expect(expand).toHaveAttribute('aria-expanded', 'false')
    await user.click(expand)
    expect(expand).toHaveAttribute('aria-expanded', 'true')
    expect(within(schema).getByText('wechatLinked')).toBeVisible()
    // Backticked words in descriptions are code.
    expect(within(schema).getByText('admin', { selector: 'code' })).toBeVisible()
  })

  it('says so for an unknown id, with a way back to the list', async () => {
    setup('/developers/api/get-api-nothing')
    expect(await screen.findByRole('heading', { name: 'No such endpoint' })).toBeVisible()
    expect(screen.getByText(/get-api-nothing/)).toBeVisible()
  })

  it('accepts an id typed in another case', async () => {
    setup('/developers/api/GET-API-HEALTH')
    expect(await screen.findByRole('heading', { name: 'Health check', level: 2 })).toBeVisible()
  })

  it('toggling another group in the detail view opens its first endpoint', async () => {
    const { user, router } = setup('/developers/api/get-api-health')
    await screen.findByRole('heading', { name: 'Health check', level: 2 })
    expect(groupButton(/^system/)).toHaveAttribute('aria-expanded', 'true')
    await user.click(groupButton(/^ai/))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/developers/api/post-api-ai-chat'),
    )
    expect(endpointTitle()).toHaveTextContent('Chat with the assistant (streamed)')
  })
})

describe('try it out', () => {
  it("calls GET /api/health with the session ('sta') and shows status, time, headers and body", async () => {
    const { user, calls } = setup('/developers/api/get-api-health', {
      'GET /api/health': () => ({
        body: { success: true, status: 'ok', database: 'sqlite', version: '0.1.0' },
      }),
    })
    await screen.findByRole('heading', { name: 'Health check', level: 2 })
    expect(screen.getByRole('radio', { name: 'Session' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Send request' }))

    const result = await screen.findByRole('region', { name: 'Response' })
    expect(within(result).getByText('HTTP 200')).toBeVisible()
    expect(within(result).getByText('success')).toBeVisible()
    expect(within(result).getByText(/^\d[\d,]* ms$/)).toBeVisible()
    const body = within(result).getByLabelText('Body', { selector: 'pre' })
    expect(JSON.parse(body.textContent!)).toEqual({
      success: true,
      status: 'ok',
      database: 'sqlite',
      version: '0.1.0',
    })
    expect(body.textContent).toContain('\n  "status": "ok"')
    await user.click(screen.getByRole('tab', { name: /Headers/ }))
    expect(screen.getByText('content-type')).toBeVisible()

    const [[url, init]] = calls('GET', '/api/health') as [[string, RequestInit]]
    expect(url).toBe(`${location.origin}/api/health`)
    expect(init.credentials).toBe('include')
    expect(headerOf(init, 'Accept')).toBe('application/json')
    expect(headerOf(init, 'Cache-Control')).toBe('no-cache')
    expect(headerOf(init, 'Accept-Language')).toBe('en')
    expect(headerOf(init, 'Authorization')).toBeNull()
  })

  it('shows an error status as a result, never as a crash', async () => {
    const { user } = setup('/developers/api/get-api-auth-sessions', {
      'GET /api/auth/sessions': () => ({
        status: 401,
        body: { success: false, code: 'unauthorized', message: 'Please log in' },
      }),
    })
    await screen.findByRole('heading', { name: 'List my signed-in devices', level: 2 })
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    const result = await screen.findByRole('region', { name: 'Response' })
    expect(within(result).getByText('HTTP 401')).toBeVisible()
    expect(within(result).getByText('failed')).toBeVisible()
    expect(screen.getByLabelText('Body', { selector: 'pre' })).toHaveTextContent('Please log in')
  })

  it('requires the path parameters and substitutes them', async () => {
    const { user, calls } = setup('/developers/api/delete-api-auth-sessions-id', {
      'DELETE /api/auth/sessions/s%201': () => ({ body: { success: true } }),
    })
    await screen.findByRole('heading', { level: 2 })
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(screen.getByText('Required')).toBeVisible()
    expect(calls('DELETE', '/api/auth/sessions/s%201')).toHaveLength(0)
    await user.type(screen.getByRole('textbox', { name: /^id/ }), 's 1')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    // It may end this browser's session: asked first.
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out of this browser?' })
    await user.click(within(dialog).getByRole('button', { name: 'Send anyway' }))
    expect(await screen.findByText('HTTP 200')).toBeVisible()
    expect(calls('DELETE', '/api/auth/sessions/s%201')).toHaveLength(1)
  })

  it('asks before a request that signs this browser out, and sends nothing when cancelled', async () => {
    const { user, calls } = setup('/developers/api/post-api-auth-logout', {
      'POST /api/auth/logout': () => ({ body: { success: true, message: 'Logged out' } }),
    })
    await screen.findByRole('heading', { level: 2 })
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Sign out of this browser?' })
    expect(dialog).toHaveTextContent('you will be signed out here')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls('POST', '/api/auth/logout')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Send request' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Sign out of this browser?' })
    await user.click(within(dialog).getByRole('button', { name: 'Send anyway' }))
    expect(await screen.findByText('HTTP 200')).toBeVisible()
    expect(calls('POST', '/api/auth/logout')).toHaveLength(1)
  })

  it('sends other requests at once', async () => {
    const { user, calls } = setup('/developers/api/get-api-health', {
      'GET /api/health': () => ({ body: { success: true } }),
    })
    await screen.findByRole('heading', { level: 2 })
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('HTTP 200')).toBeVisible()
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(calls('GET', '/api/health')).toHaveLength(1)
  })

  it('shows the exact request as curl', async () => {
    setup('/developers/api/post-api-auth-username-login')
    await screen.findByRole('heading', { level: 2 })
    const curl = screen.getByLabelText('curl', { selector: 'pre' })
    expect(curl.textContent).toContain('curl \\\n  -X POST \\\n')
    expect(curl.textContent).toContain(`'${location.origin}/api/auth/username/login'`)
    expect(curl.textContent).toContain("-H 'Content-Type: application/json'")
    expect(curl.textContent).toContain('"username": "xiaoming"')
  })
})

describe('try it out with a personal access token', () => {
  const SECRET = 'cyp_abcdefghijklmnopqrstuvwxyz0123ABCDEF'
  const tokens = [
    {
      id: 't1',
      name: 'ci',
      hint: 'cyp_…CDEF',
      scopes: ['account:read'],
      createdAt: '2026-01-01T00:00:00Z',
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
      state: 'active',
    },
    {
      id: 't2',
      name: 'old',
      hint: 'cyp_…zzzz',
      scopes: ['ai:read'],
      createdAt: '2026-01-01T00:00:00Z',
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: '2026-01-02T00:00:00Z',
      state: 'revoked',
    },
    {
      id: 't3',
      name: 'laptop',
      hint: 'cyp_…a1B2',
      scopes: ['ai:write'],
      createdAt: '2026-01-01T00:00:00Z',
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
      state: 'active',
    },
  ]
  const routes: Routes = {
    'GET /api/auth/token': () => ({ body: signedIn }),
    'GET /api/docs.json': () => ({ body: fixture }),
    'GET /api/tokens': () => ({ body: { success: true, tokens } }),
  }

  it('offers my active tokens by name; one created in this tab is ready and sent as bearer', async () => {
    rememberPatSecret('t1', SECRET)
    const { user, calls } = setup('/developers/api/get-api-ai-models', {
      ...routes,
      'GET /api/ai/models': () => ({ body: { success: true, models: [] } }),
    })
    await screen.findByRole('heading', { level: 2 })
    await user.click(screen.getByRole('radio', { name: 'Personal access token' }))
    const select = await screen.findByRole('combobox', { name: 'Token' })
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'ci (cyp_…CDEF) · ready',
        'laptop (cyp_…a1B2) · paste secret',
        'Paste another token…',
      ]),
    )
    await user.selectOptions(select, 'ci (cyp_…CDEF) · ready')
    // ci has account:read; the endpoint needs ai:read.
    expect(screen.getByText(/The token “ci” lacks the scope ai:read/)).toBeVisible()
    expect(screen.queryByLabelText(/Secret of/)).toBeNull()

    // The curl text masks the token until it is revealed.
    const curl = screen.getByLabelText('curl', { selector: 'pre' })
    expect(curl).toHaveTextContent('Authorization: Bearer $COURTYARD_TOKEN')
    expect(curl.textContent).not.toContain(SECRET)
    await user.click(screen.getByRole('button', { name: 'Show token' }))
    expect(curl.textContent).toContain(`Authorization: Bearer ${SECRET}`)

    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('HTTP 200')).toBeVisible()
    const [[, init]] = calls('GET', '/api/ai/models') as [[string, RequestInit]]
    expect(headerOf(init, 'Authorization')).toBe(`Bearer ${SECRET}`)
    expect(init.credentials).toBe('include')
  })

  it('asks for the secret of a token not created in this tab; write covers read', async () => {
    const { user } = setup('/developers/api/get-api-ai-models', routes)
    await screen.findByRole('heading', { level: 2 })
    await user.click(screen.getByRole('radio', { name: 'Personal access token' }))
    const select = await screen.findByRole('combobox', { name: 'Token' })
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3))
    await user.selectOptions(select, 'laptop (cyp_…a1B2) · paste secret')
    expect(screen.getByLabelText('Secret of “laptop”')).toBeVisible()
    expect(screen.queryByText(/lacks the scope/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(screen.getByText('Enter a token to send the request with it.')).toBeVisible()
  })

  it('warns that a session-only endpoint cannot be called with a token', async () => {
    const { user } = setup('/developers/api/get-api-tokens', routes)
    await screen.findByRole('heading', { name: 'My personal access tokens', level: 2 })
    expect(screen.getByText('Session only')).toBeVisible()
    await user.click(screen.getByRole('radio', { name: 'Personal access token' }))
    expect(await screen.findByText(/cannot be called with a token/)).toBeVisible()
  })

  it('signed out: no token list, a pasted secret is used', async () => {
    const { user, calls } = setup('/developers/api/get-api-auth-token', {
      'GET /api/docs.json': () => ({ body: fixture }),
    })
    await screen.findByRole('heading', { level: 2 })
    await user.click(screen.getByRole('radio', { name: 'Personal access token' }))
    expect(screen.getByText(/Sign in to pick one of your tokens/)).toBeVisible()
    await user.type(screen.getByLabelText('Token secret'), SECRET)
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    await waitFor(() => expect(calls('GET', '/api/auth/token').length).toBeGreaterThan(1))
    const last = calls('GET', '/api/auth/token').at(-1)!
    expect(headerOf(last[1], 'Authorization')).toBe(`Bearer ${SECRET}`)
    expect(calls('GET', '/api/tokens')).toHaveLength(0)
  })
})
