import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { apiError, renderGroupsApp, type FakeRequest } from '@/test/fake-api.tsx'
import type { Group } from '@/lib/api/types.ts'
import {
  group,
  groupAs,
  GROUP_ID,
  home,
  person,
  signedInAs,
  signedOut,
  users,
} from '../test/fixtures.ts'

afterEach(async () => {
  // Let history traversals of closed modals finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const page = (groups: Group[], nextCursor: string | null = null) => ({
  body: { success: true, groups, nextCursor },
})

const hikers = group({ id: '3f1c2a4e-0000-4e7f-8a9b-000000000002', name: 'Weekend hikers' })
const readers = group({ name: '周末读书会' })

describe('/group', () => {
  it('signed out: discovers public groups, asks to log in to create one, never asks for "mine"', async () => {
    const { calls, user } = renderGroupsApp('/group', {
      'GET /api/auth/token': () => ({ body: signedOut }),
      'GET /api/groups': () => page([readers, hikers]),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Groups' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Discover groups' })
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['周末读书会', 'Weekend hikers'])
    expect(within(list).getByRole('link', { name: 'Weekend hikers' })).toHaveAttribute(
      'href',
      `/group/${hikers.id}`,
    )
    expect(screen.queryByRole('heading', { name: 'My groups' })).not.toBeInTheDocument()
    expect(calls('GET', '/api/groups/mine')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Log in to create a group' }))
    const login = await screen.findByRole('dialog', { name: 'Log in to Courtyard' })
    expect(login).toBeVisible()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(login).not.toBeInTheDocument())
  })

  it('signed in: my groups with my standing, a debounced search in Chinese, and "load more" by cursor', async () => {
    const { calls, user } = renderGroupsApp('/group', {
      'GET /api/auth/token': () => ({ body: signedInAs(users.mia) }),
      'GET /api/groups/mine': () =>
        page([
          groupAs('member'),
          {
            ...hikers,
            membership: { role: 'member', state: 'pending', since: '2026-03-01T00:00:00Z' },
          },
        ]),
      'GET /api/groups': ({ url }: FakeRequest) => {
        const q = url.searchParams.get('q')
        if (q === '读书') return page([readers])
        if (url.searchParams.get('cursor') === 'page-2') return page([hikers])
        return page([readers], 'page-2')
      },
    })
    const mine = await screen.findByRole('list', { name: 'My groups' })
    const cards = within(mine).getAllByRole('article')
    expect(cards[0]).toHaveTextContent("You're a member")
    expect(cards[1]).toHaveTextContent('Request pending')
    expect(cards[0]).toHaveTextContent('3 members')

    // Load more: the next page by its cursor, appended.
    const discover = await screen.findByRole('list', { name: 'Discover groups' })
    expect(within(discover).getAllByRole('article')).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(discover).getAllByRole('article')).toHaveLength(2))
    expect(calls('GET', '/api/groups').at(-1)?.url.searchParams.get('cursor')).toBe('page-2')

    // Searching waits for typing to pause, and sends the words as typed.
    const before = calls('GET', '/api/groups').length
    await user.type(screen.getByRole('searchbox', { name: 'Search groups by name' }), '读书')
    const results = await screen.findByRole('list', { name: 'Groups matching “读书”' })
    expect(
      within(results)
        .getAllByRole('article')
        .map((card) => card.textContent),
    ).toEqual([expect.stringContaining('周末读书会')])
    const searches = calls('GET', '/api/groups').slice(before)
    expect(searches.map((request) => request.url.searchParams.get('q'))).toEqual(['读书'])
  })

  it('my groups are not listed again under "Discover", and an offer of ownership is answered there', async () => {
    const offered = groupAs('member', {
      transferOffer: {
        from: person(users.olivia),
        to: person(users.mia),
        createdAt: '2026-03-05T08:00:00Z',
      },
    })
    const { calls, user } = renderGroupsApp('/group', {
      'GET /api/auth/token': () => ({ body: signedInAs(users.mia) }),
      'GET /api/groups/mine': () => page([offered]),
      'GET /api/groups': () => page([offered, hikers]),
      [`POST /api/groups/${GROUP_ID}/transfer/accept`]: () => ({
        body: { success: true, group: groupAs('owner', { transferOffer: null }) },
      }),
    })
    const mine = await screen.findByRole('list', { name: 'My groups' })
    expect(within(mine).getAllByRole('article')).toHaveLength(1)
    const discover = await screen.findByRole('list', { name: 'Discover groups' })
    expect(
      within(discover)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Weekend hikers'])

    const offers = screen.getByRole('list', { name: 'Offered to you' })
    expect(offers).toHaveTextContent(`Olivia offers you ${offered.name}`)
    await user.click(within(offers).getByRole('button', { name: 'Accept ownership' }))
    expect(await screen.findByText(`You now own ${offered.name}.`)).toBeInTheDocument()
    expect(calls('POST', `/api/groups/${GROUP_ID}/transfer/accept`)).toHaveLength(1)
  })

  it('says when nothing matches', async () => {
    const { user } = renderGroupsApp('/group', {
      'GET /api/auth/token': () => ({ body: signedOut }),
      'GET /api/groups': ({ url }: FakeRequest) => page(url.searchParams.get('q') ? [] : [readers]),
    })
    await screen.findByRole('list', { name: 'Discover groups' })
    await user.type(screen.getByRole('searchbox'), 'chess')
    expect(await screen.findByText("No group's name contains “chess”.")).toBeInTheDocument()
  })
})

describe('creating a group', () => {
  function setup(
    create: (
      request: FakeRequest,
    ) => ReturnType<typeof apiError> | { status: number; body: unknown },
  ) {
    return renderGroupsApp('/group', {
      'GET /api/auth/token': () => ({ body: signedInAs(users.olivia) }),
      'GET /api/groups/mine': () => page([]),
      'GET /api/groups': () => page([]),
      'POST /api/groups': create,
      [`GET /api/groups/${GROUP_ID}`]: () => ({ body: home(groupAs('owner')) }),
    })
  }

  it('a private group cannot be open: the form says so and moves the policy to approval', async () => {
    const { user } = setup(() => apiError(500, 'internal', 'unused'))
    await user.click((await screen.findAllByRole('button', { name: 'Create group' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' })
    const policy = within(dialog).getByRole('group', { name: 'How people join' })
    expect(within(policy).getByRole('radio', { name: /^Open/ })).toBeChecked()

    await user.click(within(dialog).getByRole('radio', { name: /^Private/ }))
    expect(within(policy).getByRole('radio', { name: /^Open/ })).toBeDisabled()
    expect(within(policy).getByRole('radio', { name: /^Approval/ })).toBeChecked()
    expect(policy).toHaveAccessibleDescription(
      'A private group cannot be open, so new members will now need approval.',
    )
    await user.click(within(dialog).getByRole('radio', { name: /^Public/ }))
    expect(within(policy).getByRole('radio', { name: /^Open/ })).toBeEnabled()
  })

  it('checks the name first, shows the server’s field errors, then creates and opens the group', async () => {
    let attempt = 0
    const { calls, user } = setup(() =>
      ++attempt === 1
        ? apiError(422, 'invalid_group_settings', 'The settings are not valid', {
            name: 'This name is taken by the server’s rules',
          })
        : { status: 201, body: { success: true, group: groupAs('owner') } },
    )
    await user.click((await screen.findAllByRole('button', { name: 'Create group' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' })
    const name = within(dialog).getByLabelText('Name')

    await user.type(name, ' x ')
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }))
    expect(name).toHaveAccessibleDescription(/The name needs 2–40 characters\./)
    expect(calls('POST', '/api/groups')).toHaveLength(0)

    await user.clear(name)
    await user.type(name, '周末读书会')
    await user.type(within(dialog).getByLabelText('Description'), '  Books and tea  ')
    await user.click(within(dialog).getByRole('radio', { name: /^Invite code/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }))
    expect(
      await within(dialog).findByText('This name is taken by the server’s rules'),
    ).toBeVisible()
    expect(name).toHaveAttribute('aria-invalid', 'true')

    await user.click(within(dialog).getByRole('button', { name: 'Create group' }))
    expect(await screen.findByRole('heading', { level: 1, name: '周末读书会' })).toBeVisible()
    expect(location.pathname).toBe(`/group/${GROUP_ID}`)
    expect(calls('POST', '/api/groups').map((request) => request.body)).toEqual([
      {
        name: '周末读书会',
        description: 'Books and tea',
        visibility: 'public',
        joinPolicy: 'invite_code',
      },
      {
        name: '周末读书会',
        description: 'Books and tea',
        visibility: 'public',
        joinPolicy: 'invite_code',
      },
    ])
    expect(screen.getByRole('status').textContent).toContain('“周末读书会” is ready.')
  })

  it('shows a refusal that is not about a field in the form (a per-user cap)', async () => {
    const { user } = setup(() => apiError(409, 'too_many_groups', 'You own too many groups'))
    await user.click((await screen.findAllByRole('button', { name: 'Create group' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' })
    await user.type(within(dialog).getByLabelText('Name'), 'Chess club')
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You own too many groups')
  })
})
