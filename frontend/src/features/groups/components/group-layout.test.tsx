import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { apiError, renderGroupsApp, type FakeRequest } from '@/test/fake-api.tsx'
import type { Group } from '@/lib/api/types.ts'
import {
  group,
  groupAs,
  GROUP_ID,
  home,
  membership,
  person,
  signedInAs,
  signedOut,
  users,
} from '../test/fixtures.ts'

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const groupPath = `/api/groups/${GROUP_ID}`

/** The group as the server answers it now (tests change it between calls). */
function serve(initial: Group, session: unknown = signedInAs(users.sam)) {
  const state = { group: initial }
  const routes = {
    'GET /api/auth/token': () => ({ body: session }),
    [`GET ${groupPath}`]: () => ({ body: home(state.group) }),
  }
  return { state, routes }
}

describe('a group’s frame', () => {
  it('the member a group is offered to sees the offer on its pages and declines it', async () => {
    const offered = groupAs('member', {
      transferOffer: {
        from: person(users.olivia),
        to: person(users.sam),
        createdAt: '2026-03-05T08:00:00Z',
      },
    })
    const { state, routes } = serve(offered)
    const { calls, user } = renderGroupsApp(`/group/${GROUP_ID}`, {
      ...routes,
      [`POST ${groupPath}/transfer/decline`]: () => {
        state.group = { ...offered, transferOffer: null }
        return { body: { success: true, group: state.group } }
      },
    })
    const card = await screen.findByRole('region', { name: 'Olivia offers you this group' })
    expect(card).toHaveTextContent('Accept to become the owner of 周末读书会')
    await user.click(within(card).getByRole('button', { name: 'Decline' }))
    expect(await screen.findByText('You declined the offer.')).toBeInTheDocument()
    expect(calls('POST', `${groupPath}/transfer/decline`)).toHaveLength(1)
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Olivia offers you this group' }),
      ).not.toBeInTheDocument(),
    )
  })

  it('an id that is not a UUID is the 404 page, without asking the server', async () => {
    const { calls } = renderGroupsApp('/group/not-an-id', {
      'GET /api/auth/token': () => ({ body: signedOut }),
    })
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    expect(calls('GET', '/api/groups/not-an-id')).toHaveLength(0)
  })

  it('a group the server does not know is the 404 page too', async () => {
    renderGroupsApp(`/group/${GROUP_ID}/members`, {
      'GET /api/auth/token': () => ({ body: signedOut }),
      [`GET ${groupPath}`]: () => apiError(404, 'not_found', 'Not found'),
    })
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })

  it('shows the header, the tabs (settings for managers only) and the latest articles', async () => {
    const { routes } = serve(groupAs('member'))
    renderGroupsApp(`/group/${GROUP_ID}`, routes)
    expect(await screen.findByRole('heading', { level: 1, name: '周末读书会' })).toBeVisible()
    expect(screen.getByText('3 members')).toBeVisible()
    expect(screen.getByText("You're a member")).toBeVisible()
    const tabs = screen.getByRole('navigation', { name: 'Group sections' })
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Articles', 'Gallery', 'Members'])
    expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'What we read in March' })).toHaveAttribute(
      'href',
      `/group/${GROUP_ID}/article/6a000000-0000-4000-8000-000000000001/display`,
    )
    expect(screen.getByRole('button', { name: 'Leave' })).toBeVisible()
  })

  it('managers get the settings tab', async () => {
    const { routes } = serve(groupAs('admin'), signedInAs(users.adam))
    renderGroupsApp(`/group/${GROUP_ID}`, routes)
    const tabs = await screen.findByRole('navigation', { name: 'Group sections' })
    expect(within(tabs).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      `/group/${GROUP_ID}/settings`,
    )
  })

  it('a private group seen from outside: members only, with the way in; its members page too', async () => {
    const { routes } = serve(
      group({ visibility: 'private', canRead: false, joinPolicy: 'approval' }),
    )
    const { calls, router } = renderGroupsApp(`/group/${GROUP_ID}`, routes)
    expect(await screen.findByRole('heading', { name: 'For members only' })).toBeVisible()
    expect(screen.queryByRole('navigation', { name: 'Group sections' })).not.toBeInTheDocument()
    // In the header and in the panel.
    expect(screen.getAllByRole('link', { name: 'Ask to join' })[0]).toHaveAttribute(
      'href',
      `/group/${GROUP_ID}/join`,
    )
    await router.navigate({ to: '/group/$groupId/members', params: { groupId: GROUP_ID } })
    expect(await screen.findByRole('heading', { name: 'For members only' })).toBeVisible()
    expect(calls('GET', `${groupPath}/members`)).toHaveLength(0)
  })

  it('leaving goes through the confirm dialog and the group shows the change', async () => {
    const { state, routes } = serve(groupAs('member'))
    const { calls, user } = renderGroupsApp(`/group/${GROUP_ID}`, {
      ...routes,
      [`DELETE ${groupPath}/membership`]: () => {
        state.group = group()
        return { body: { success: true, message: 'You left the group' } }
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Leave' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave 周末读书会?' })
    await user.click(within(confirm).getByRole('button', { name: 'Leave group' }))
    expect(await screen.findByRole('link', { name: 'Ask to join' })).toBeVisible()
    expect(calls('DELETE', `${groupPath}/membership`)).toHaveLength(1)
  })

  it('an open group is joined from the header; signed out, the button asks to log in', async () => {
    const { state, routes } = serve(group({ joinPolicy: 'open' }), signedOut)
    const { user } = renderGroupsApp(`/group/${GROUP_ID}`, {
      ...routes,
      [`POST ${groupPath}/join`]: () => {
        state.group = groupAs('member', { joinPolicy: 'open' })
        return { body: { success: true, outcome: 'joined', group: state.group } }
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Join' }))
    const login = await screen.findByRole('dialog', { name: 'Log in to Courtyard' })
    expect(login).toBeVisible()
    // Closed here, so its history entry is gone before the next test starts.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(login).not.toBeInTheDocument())
  })
})

describe('/group/$groupId/join', () => {
  it('approval: a message, "Send request", then the request is pending and can be withdrawn', async () => {
    const { state, routes } = serve(group({ joinPolicy: 'approval' }))
    const { calls, user } = renderGroupsApp(`/group/${GROUP_ID}/join`, {
      ...routes,
      [`POST ${groupPath}/join`]: () => {
        state.group = group({ membership: membership('member', 'pending') })
        return { body: { success: true, outcome: 'requested', group: state.group } }
      },
      [`DELETE ${groupPath}/membership`]: () => {
        state.group = group()
        return { body: { success: true, message: 'Withdrawn' } }
      },
    })
    const form = await screen.findByRole('region', { name: 'Join 周末读书会' })
    // The header's own join button is not repeated on the join page.
    expect(screen.queryByRole('link', { name: 'Ask to join' })).not.toBeInTheDocument()
    const message = within(form).getByLabelText("Message to the group's managers")
    await user.type(message, '  I read a lot.  ')
    await user.click(within(form).getByRole('button', { name: 'Send request' }))
    expect(await screen.findByRole('heading', { name: 'Your request is waiting' })).toBeVisible()
    expect(calls('POST', `${groupPath}/join`)[0]?.body).toEqual({ message: 'I read a lot.' })

    expect(
      await screen.findByText("Your request has been sent. You'll be a member once it's approved."),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Withdraw my request' }))
    expect(await screen.findByRole('region', { name: 'Join 周末读书会' })).toBeVisible()
    expect(await screen.findByText('Your request has been withdrawn.')).toBeInTheDocument()
    expect(calls('DELETE', `${groupPath}/membership`)).toHaveLength(1)
  })

  it('an invite link prefills the code as written, and a wrong code shows the server’s message', async () => {
    const { routes } = serve(
      group({ joinPolicy: 'invite_code', visibility: 'private', canRead: false }),
    )
    const { calls, user } = renderGroupsApp(`/group/${GROUP_ID}/join?code=2e345678`, {
      ...routes,
      [`POST ${groupPath}/join`]: () =>
        apiError(403, 'wrong_invite_code', 'That invite code is not right'),
    })
    const code = await screen.findByLabelText('Invite code')
    // Not the number JSON would make of it (2e345678 is Infinity), and upper case; the address
    // keeps the link's code as it was.
    expect(code).toHaveValue('2E345678')
    expect(location.search).toBe('?code=2e345678')
    await user.click(screen.getByRole('button', { name: 'Join group' }))
    expect(await screen.findByText('That invite code is not right')).toBeVisible()
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(calls('POST', `${groupPath}/join`)[0]?.body).toEqual({ code: '2E345678' })

    await user.clear(code)
    await user.type(code, 'abc')
    await user.click(screen.getByRole('button', { name: 'Join group' }))
    expect(code).toHaveAccessibleDescription(/An invite code has 8 characters\./)
    expect(calls('POST', `${groupPath}/join`)).toHaveLength(1)
  })

  it('approval groups also take a code, which admits at once; joining opens the group', async () => {
    const { state, routes } = serve(group({ joinPolicy: 'approval' }))
    const { calls, user } = renderGroupsApp(`/group/${GROUP_ID}/join`, {
      ...routes,
      [`POST ${groupPath}/join`]: ({ body }: FakeRequest) => {
        state.group = groupAs('member')
        expect(body).toEqual({ code: '7KQ2MZ9P' })
        return { body: { success: true, outcome: 'joined', group: state.group } }
      },
    })
    await user.click(await screen.findByRole('button', { name: 'I have an invite code' }))
    await user.type(screen.getByLabelText('Invite code'), '7kq2mz9p')
    await user.click(screen.getByRole('button', { name: 'Join group' }))
    await waitFor(() => expect(location.pathname).toBe(`/group/${GROUP_ID}`))
    expect(await screen.findByText('Welcome to 周末读书会!')).toBeInTheDocument()
    expect(calls('POST', `${groupPath}/join`)).toHaveLength(1)
  })

  it('open: one button joins', async () => {
    const { state, routes } = serve(group({ joinPolicy: 'open' }))
    const { calls, user } = renderGroupsApp(`/group/${GROUP_ID}/join`, {
      ...routes,
      [`POST ${groupPath}/join`]: () => {
        state.group = groupAs('member', { joinPolicy: 'open' })
        return { body: { success: true, outcome: 'joined', group: state.group } }
      },
    })
    expect(await screen.findByText('Anyone can join this group at once.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Join group' }))
    await waitFor(() => expect(location.pathname).toBe(`/group/${GROUP_ID}`))
    expect(await screen.findByText('Welcome to 周末读书会!')).toBeInTheDocument()
    expect(calls('POST', `${groupPath}/join`)[0]?.body).toEqual({})
  })

  it('already a member: a link to the group', async () => {
    const { routes } = serve(groupAs('member'))
    renderGroupsApp(`/group/${GROUP_ID}/join`, routes)
    expect(await screen.findByRole('heading', { name: "You're already a member" })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to the group' })).toHaveAttribute(
      'href',
      `/group/${GROUP_ID}`,
    )
  })

  it('banned: a clear message and no way to ask', async () => {
    const { routes } = serve(group({ membership: membership('member', 'banned') }))
    renderGroupsApp(`/group/${GROUP_ID}/join`, routes)
    expect(await screen.findByRole('heading', { name: "You can't join this group" })).toBeVisible()
    expect(screen.getByText(/You have been banned from 周末读书会/)).toBeVisible()
    expect(screen.queryByRole('button', { name: /join|request/i })).not.toBeInTheDocument()
  })

  it('signed out: log in first, on this page, keeping the code', async () => {
    const { routes } = serve(group({ joinPolicy: 'invite_code' }), signedOut)
    const { user } = renderGroupsApp(`/group/${GROUP_ID}/join?code=7KQ2MZ9P`, routes)
    expect(location.search).toBe('?code=7KQ2MZ9P')
    await user.click(await screen.findByRole('button', { name: 'Log in to join' }))
    const login = await screen.findByRole('dialog', { name: 'Log in to Courtyard' })
    expect(login).toBeVisible()
    expect(location.pathname + location.search).toBe(`/group/${GROUP_ID}/join?code=7KQ2MZ9P`)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(login).not.toBeInTheDocument())
    expect(location.pathname + location.search).toBe(`/group/${GROUP_ID}/join?code=7KQ2MZ9P`)
  })
})
