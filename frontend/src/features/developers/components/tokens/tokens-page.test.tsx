import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { patSecrets, rememberPatSecret } from '@/lib/pat-secrets.ts'
import type { StubResponse } from '@/test/fetch.ts'
import { renderApp } from '@/test/render-app.tsx'
import type { PatInfo } from '@/lib/api/types.ts'
import { admin, lily, pat, scopes, signedInAs, signedOut } from '../../test/fixtures.ts'

type Routes = Record<
  string,
  (init: RequestInit | undefined) => StubResponse | Promise<StubResponse>
>

const SECRET = 'cyp_abcdefghijklmnopqrstuvwxyz0123ABCDEF'

function setup(routes: Routes, path = '/developers/pat') {
  const app = renderApp(path, routes)
  const calls = (method: string, pathname: string) =>
    app.fetchMock.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method &&
        new URL(String(input), location.href).pathname === pathname,
    )
  return { ...app, calls }
}

/** The token API of the contract, over an in-memory list. */
function tokenApi(initial: PatInfo[], user = lily) {
  let tokens = [...initial]
  const routes: Routes = {
    'GET /api/auth/token': () => ({ body: signedInAs(user) }),
    'GET /api/tokens': () => ({ body: { success: true, tokens } }),
    'GET /api/tokens/scopes': () => ({
      body: {
        success: true,
        scopes: user.role === 'admin' ? scopes : scopes.filter((s) => !s.adminOnly),
      },
    }),
    'POST /api/tokens': (init) => {
      const body = JSON.parse(String(init?.body)) as {
        name: string
        scopes: PatInfo['scopes']
        expiresInDays: number | null
      }
      const token = pat({
        id: 'b3c1d6a0-0000-4000-8000-000000000009',
        name: body.name,
        hint: 'cyp_…CDEF',
        scopes: body.scopes,
        createdAt: '2026-03-02T08:00:00Z',
        expiresAt: body.expiresInDays === null ? null : '2026-06-01T08:00:00Z',
      })
      tokens = [token, ...tokens]
      return { status: 201, body: { success: true, token, secret: SECRET } }
    },
  }
  const revoke = (id: string): StubResponse => {
    const token = tokens.find((known) => known.id === id)
    if (!token)
      return { status: 404, body: { success: false, code: 'not_found', message: 'No such token' } }
    const revoked = { ...token, state: 'revoked' as const, revokedAt: '2026-03-03T08:00:00Z' }
    tokens = tokens.map((known) => (known.id === id ? revoked : known))
    return { body: { success: true, token: revoked } }
  }
  for (const token of initial) routes[`DELETE /api/tokens/${token.id}`] = () => revoke(token.id)
  routes['DELETE /api/tokens/b3c1d6a0-0000-4000-8000-000000000009'] = () =>
    revoke('b3c1d6a0-0000-4000-8000-000000000009')
  return routes
}

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true })
})

afterEach(async () => {
  // Let history traversals of closed modals finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('/developers/pat', () => {
  it('lists tokens with scopes, dates, "never" and "never used", greying expired and revoked ones', async () => {
    setup(
      tokenApi([
        pat({ lastUsedAt: '2026-03-02T09:30:00Z' }),
        pat({
          id: 'b3c1d6a0-0000-4000-8000-000000000002',
          name: 'CI',
          scopes: ['account:read', 'ai:write'],
          expiresAt: null,
        }),
        pat({
          id: 'b3c1d6a0-0000-4000-8000-000000000003',
          name: 'Old laptop',
          state: 'expired',
          expiresAt: '2026-02-01T00:00:00Z',
          lastUsedAt: '2026-01-20T10:00:00Z',
        }),
        pat({
          id: 'b3c1d6a0-0000-4000-8000-000000000004',
          name: 'Leaked',
          state: 'revoked',
          revokedAt: '2026-02-10T00:00:00Z',
        }),
      ]),
    )
    const list = await screen.findByRole('list', { name: 'Your tokens' })
    const backup = within(list).getByRole('listitem', { name: 'Backup script' })
    expect(backup).toHaveTextContent('Active')
    expect(backup).toHaveTextContent('cyp_…a1B2')
    expect(backup).toHaveTextContent('account:read')
    expect(backup).toHaveTextContent('CreatedMar 1, 2026')
    expect(backup).toHaveTextContent('ExpiresMar 31, 2026')
    expect(backup).toHaveTextContent('Last usedMar 2, 2026')
    expect(within(backup).getByRole('button', { name: 'Revoke Backup script' })).toBeEnabled()

    const ci = within(list).getByRole('listitem', { name: 'CI' })
    expect(ci).toHaveTextContent('ExpiresNever')
    expect(ci).toHaveTextContent('Last usedNever used')
    expect(within(ci).getByRole('list', { name: 'Scopes' })).toHaveTextContent(
      'account:readai:write',
    )

    const expired = within(list).getByRole('listitem', { name: 'Old laptop' })
    expect(expired).toHaveTextContent('Expired')
    expect(expired).toHaveTextContent('Last usedJan 20, 2026')
    expect(expired.firstElementChild).toHaveClass('text-muted-foreground')
    expect(within(expired).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument()

    const revoked = within(list).getByRole('listitem', { name: 'Leaked' })
    expect(revoked).toHaveTextContent('Revoked')
    expect(revoked).toHaveTextContent('RevokedFeb 10, 2026')
    expect(revoked.firstElementChild).toHaveClass('text-muted-foreground')
    expect(backup.firstElementChild).not.toHaveClass('text-muted-foreground')
  })

  it('creates a token, shows the secret once with copy, remembers it for the tab and lists it', async () => {
    const { user, calls } = setup(tokenApi([pat()]))
    await user.click(await screen.findByRole('button', { name: 'New token' }))
    const dialog = await screen.findByRole('dialog', { name: 'New personal access token' })
    // Non-admins are not offered admin scopes.
    expect(await within(dialog).findByRole('group', { name: 'Account' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('group', { name: 'Administration' })).not.toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Name'), '  Deploy bot  ')
    const account = within(dialog).getByRole('group', { name: 'Account' })
    await user.click(within(account).getByRole('checkbox', { name: /Read.*account:read/ }))
    await user.click(
      within(within(dialog).getByRole('group', { name: 'AI assistant' })).getByRole('checkbox', {
        name: /Write.*ai:write/,
      }),
    )
    await user.selectOptions(within(dialog).getByLabelText('Expiration'), '90 days')
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }))

    await waitFor(() => expect(calls('POST', '/api/tokens')).toHaveLength(1))
    expect(JSON.parse(String(calls('POST', '/api/tokens')[0]?.[1]?.body))).toEqual({
      name: 'Deploy bot',
      scopes: ['account:read', 'ai:write'],
      expiresInDays: 90,
    })
    expect(dialog).not.toBeInTheDocument()

    const created = await screen.findByRole('region', { name: 'Token “Deploy bot” created' })
    expect(within(created).getByLabelText('The new token')).toHaveTextContent(SECRET)
    expect(created).toHaveTextContent('you will not be able to see it again')
    expect(patSecrets()).toEqual({ 'b3c1d6a0-0000-4000-8000-000000000009': SECRET })

    await user.click(within(created).getByRole('button', { name: 'Copy token' }))
    expect(await navigator.clipboard.readText()).toBe(SECRET)
    expect(within(created).getByRole('button', { name: 'Copied' })).toBeInTheDocument()

    const list = screen.getByRole('list', { name: 'Your tokens' })
    const rows = within(list)
      .getAllByRole('listitem', { name: /./ })
      .filter((row) => row.dataset.state)
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Deploy bot',
      'Backup script',
    ])
    // The secret is not in the list, only its hint.
    expect(list).not.toHaveTextContent(SECRET)

    await user.click(within(created).getByRole('button', { name: 'Done' }))
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument()
  })

  it('checks the form and shows the server’s field errors at their fields', async () => {
    const { user, calls } = setup({
      ...tokenApi([]),
      'POST /api/tokens': () => ({
        status: 422,
        body: {
          success: false,
          code: 'invalid_token_request',
          message: 'Invalid request',
          fields: {
            name: 'A token with this name exists',
            expiresInDays: 'Not an allowed lifetime',
          },
        },
      }),
    })
    // The header's button; the empty list offers one too.
    await user.click((await screen.findAllByRole('button', { name: 'New token' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'New personal access token' })
    await within(dialog).findByRole('group', { name: 'Account' })
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }))
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(/Enter a name/)
    expect(within(dialog).getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription(
      'Choose at least one scope',
    )
    expect(calls('POST', '/api/tokens')).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('Name'), 'x'.repeat(51))
    expect(within(dialog).getByText('51/50')).toHaveClass('text-error')
    await user.click(within(dialog).getByRole('checkbox', { name: /account:write/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }))
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      /At most 50 characters/,
    )
    expect(calls('POST', '/api/tokens')).toHaveLength(0)

    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'Backup script')
    await user.selectOptions(within(dialog).getByLabelText('Expiration'), 'No expiration')
    expect(within(dialog).getByText(/works until you revoke it/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }))
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
        /A token with this name exists/,
      ),
    )
    expect(JSON.parse(String(calls('POST', '/api/tokens')[0]?.[1]?.body))).toMatchObject({
      expiresInDays: null,
    })
    expect(within(dialog).getByLabelText('Expiration')).toHaveAccessibleDescription(
      'Not an allowed lifetime',
    )
    expect(patSecrets()).toEqual({})
  })

  it('puts a refused admin scope at the scopes', async () => {
    const { user } = setup({
      ...tokenApi([], admin),
      'POST /api/tokens': () => ({
        status: 403,
        body: {
          success: false,
          code: 'scope_not_allowed',
          message: 'Only admins may grant admin:read',
        },
      }),
    })
    // The header's button; the empty list offers one too.
    await user.click((await screen.findAllByRole('button', { name: 'New token' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'New personal access token' })
    const adminGroup = await within(dialog).findByRole('group', { name: 'Administration' })
    expect(adminGroup).toHaveTextContent('Admins only')
    await user.type(within(dialog).getByLabelText('Name'), 'Ops')
    await user.click(within(adminGroup).getByRole('checkbox', { name: /admin:read/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription(
        'Only admins may grant admin:read',
      ),
    )
  })

  it('does not offer "no expiration" once an admin scope is chosen', async () => {
    const { user, calls } = setup(tokenApi([], admin))
    await user.click((await screen.findAllByRole('button', { name: 'New token' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'New personal access token' })
    const adminGroup = await within(dialog).findByRole('group', { name: 'Administration' })
    await user.type(within(dialog).getByLabelText('Name'), 'Ops')
    const expiry = within(dialog).getByLabelText('Expiration')
    await user.selectOptions(expiry, 'No expiration')
    expect(within(dialog).getByRole('option', { name: 'No expiration' })).toBeEnabled()
    await user.click(within(adminGroup).getByRole('checkbox', { name: /admin:read/ }))
    expect(within(dialog).getByRole('option', { name: 'No expiration' })).toBeDisabled()
    expect(expiry).toHaveValue('30')
    expect(expiry).toHaveAccessibleDescription(/admin scope must expire/)
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }))
    await waitFor(() => expect(calls('POST', '/api/tokens')).toHaveLength(1))
    expect(JSON.parse(String(calls('POST', '/api/tokens')[0]?.[1]?.body))).toMatchObject({
      scopes: ['admin:read'],
      expiresInDays: 30,
    })
  })

  it('revokes after the confirm, keeps the token greyed as revoked and forgets its secret', async () => {
    const token = pat()
    rememberPatSecret(token.id, SECRET)
    rememberPatSecret('other', 'cyp_other')
    const { user, calls } = setup(tokenApi([token]))
    const row = await screen.findByRole('listitem', { name: 'Backup script' })
    await user.click(within(row).getByRole('button', { name: 'Revoke Backup script' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this token?' })
    expect(confirm).toHaveTextContent('Scripts using “Backup script” will stop working')
    expect(calls('DELETE', `/api/tokens/${token.id}`)).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }))

    await waitFor(() => expect(row).toHaveTextContent('Revoked'))
    expect(calls('DELETE', `/api/tokens/${token.id}`)).toHaveLength(1)
    expect(row.firstElementChild).toHaveClass('text-muted-foreground')
    expect(within(row).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument()
    expect(patSecrets()).toEqual({ other: 'cyp_other' })
    expect(await screen.findByText('Token “Backup script” revoked')).toBeInTheDocument()
  })

  it('cancelling the confirm revokes nothing', async () => {
    const { user, calls } = setup(tokenApi([pat()]))
    const row = await screen.findByRole('listitem', { name: 'Backup script' })
    await user.click(within(row).getByRole('button', { name: 'Revoke Backup script' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this token?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(confirm).not.toBeInTheDocument())
    expect(calls('DELETE', `/api/tokens/${pat().id}`)).toHaveLength(0)
    expect(row).toHaveTextContent('Active')
  })

  it('asks visitors to log in and opens the login dialog', async () => {
    const { user, calls } = setup({ 'GET /api/auth/token': () => ({ body: signedOut }) })
    expect(
      await screen.findByRole('heading', { name: 'Log in to manage your tokens' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'New token' })).not.toBeInTheDocument()
    expect(calls('GET', '/api/tokens')).toHaveLength(0)
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('dialog', { name: 'Log in to Courtyard' })).toBeInTheDocument()
  })

  it('forgets the tab’s secrets on logout', async () => {
    rememberPatSecret(pat().id, SECRET)
    const { user } = setup({
      ...tokenApi([pat()]),
      'POST /api/auth/logout': () => ({ body: { success: true } }),
    })
    await screen.findByRole('listitem', { name: 'Backup script' })
    await user.click(screen.getByRole('button', { name: /Account menu of Lily$/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }))
    expect(
      await screen.findByRole('heading', { name: 'Log in to manage your tokens' }),
    ).toBeInTheDocument()
    expect(patSecrets()).toEqual({})
  })
})
