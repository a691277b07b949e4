import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { apiError, renderGroupsApp, type FakeRequest } from '@/test/fake-api.tsx'
import type { JoinRequest, Member } from '@/lib/api/types.ts'
import type { User } from '@/lib/user.ts'
import {
  groupAs,
  GROUP_ID,
  home,
  member,
  members as initialMembers,
  request,
  signedInAs,
  users,
} from '../test/fixtures.ts'

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const base = `/api/groups/${GROUP_ID}`

/** A group's members and requests on the fake server, as `viewer` (owner, admin or member). */
function setup(viewer: User, role: Member['role'], pending: JoinRequest[] = []) {
  let members = [...initialMembers]
  let bans: Member[] = []
  let requests = [...pending]
  const routes = {
    'GET /api/auth/token': () => ({ body: signedInAs(viewer) }),
    [`GET ${base}`]: () => ({ body: home(groupAs(role)) }),
    [`GET ${base}/members`]: () => ({ body: { success: true, members, nextCursor: null } }),
    [`GET ${base}/bans`]: () => ({ body: { success: true, members: bans, nextCursor: null } }),
    [`GET ${base}/requests`]: ({ url }: FakeRequest) => ({
      body: {
        success: true,
        requests:
          url.searchParams.get('status') === 'all'
            ? requests
            : requests.filter((r) => r.status === 'pending'),
        nextCursor: null,
      },
    }),
  } as Record<string, (request: FakeRequest) => unknown>
  for (const r of pending) {
    routes[`POST ${base}/requests/${r.id}/approve`] = ({ body }) => {
      const granted = (body as { role: 'admin' | 'member' }).role
      requests = requests.map((x) =>
        x.id === r.id ? { ...x, status: 'approved' as const, grantedRole: granted } : x,
      )
      members = [...members, { ...member(users.sam, granted), user: r.user }]
      return { body: { success: true, request: requests.find((x) => x.id === r.id) } }
    }
    routes[`POST ${base}/requests/${r.id}/reject`] = ({ body }) => {
      requests = requests.map((x) =>
        x.id === r.id
          ? { ...x, status: 'rejected' as const, reason: (body as { reason: string }).reason }
          : x,
      )
      return { body: { success: true, request: requests.find((x) => x.id === r.id) } }
    }
  }
  for (const m of [...initialMembers, member(users.sam, 'member')]) {
    routes[`PUT ${base}/bans/${m.user.id}`] = () => {
      members = members.filter((x) => x.user.id !== m.user.id)
      bans = [{ ...m, state: 'banned' }]
      return { body: { success: true, message: 'Banned' } }
    }
    routes[`DELETE ${base}/bans/${m.user.id}`] = () => {
      bans = []
      return { body: { success: true, message: 'Unbanned' } }
    }
    routes[`PUT ${base}/members/${m.user.id}/role`] = ({ body }) => {
      members = members.map((x) =>
        x.user.id === m.user.id ? { ...x, role: (body as { role: Member['role'] }).role } : x,
      )
      return { body: { success: true, message: 'Role changed' } }
    }
  }
  return renderGroupsApp(
    `/group/${GROUP_ID}/members`,
    routes as Parameters<typeof renderGroupsApp>[1],
  )
}

describe('/group/$groupId/members', () => {
  it('a member sees the members and their roles, and no way to manage them', async () => {
    const { calls } = setup(users.mia, 'member')
    const list = await screen.findByRole('list', { name: 'Members' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Olivia', 'Adam', 'Mia'])
    expect(rows[0]).toHaveTextContent('Owner')
    expect(rows[1]).toHaveTextContent('Admin')
    // Each member is a link to their profile.
    expect(within(rows[0]!).getByRole('link', { name: /Olivia/ })).toHaveAttribute(
      'href',
      `/profile/${users.olivia.id}`,
    )
    expect(within(list).queryByRole('button')).not.toBeInTheDocument()
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
    expect(calls('GET', `${base}/requests`)).toHaveLength(0)
  })

  it('the owner opens on the waiting requests and approves someone as an admin', async () => {
    const { calls, user } = setup(users.olivia, 'owner', [request(users.sam)])
    const tab = await screen.findByRole('tab', { name: /Requests/ })
    await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'))
    expect(tab).toHaveAccessibleName('Requests 1 waiting')

    const queue = screen.getByRole('list', { name: 'Requests to join' })
    const row = within(queue).getByRole('listitem', { name: '小山' })
    expect(row).toHaveTextContent('I love reading, may I join?')
    await user.selectOptions(within(row).getByLabelText('Role for 小山'), 'As admin')
    await user.click(within(row).getByRole('button', { name: 'Approve 小山' }))
    expect(await screen.findByText('No requests are waiting.')).toBeVisible()
    expect(calls('POST', `${base}/requests/${request(users.sam).id}/approve`)[0]?.body).toEqual({
      role: 'admin',
    })
    expect(await screen.findByText('小山 joined as Admin.')).toBeInTheDocument()

    // The outcome stays in the history.
    await user.click(screen.getByRole('tab', { name: 'History' }))
    const history = await screen.findByRole('list', { name: 'All requests' })
    expect(within(history).getByRole('listitem', { name: '小山' })).toHaveTextContent(
      'Approved as Admin',
    )
  })

  it('an admin approves as a member only, and may act on members but not on admins or the owner', async () => {
    const { calls, user } = setup(users.adam, 'admin', [request(users.sam)])
    const queue = await screen.findByRole('list', { name: 'Requests to join' })
    const row = within(queue).getByRole('listitem', { name: '小山' })
    expect(within(row).queryByLabelText('Role for 小山')).not.toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Approve 小山' }))
    await screen.findByText('No requests are waiting.')
    expect(calls('POST', `${base}/requests/${request(users.sam).id}/approve`)[0]?.body).toEqual({
      role: 'member',
    })

    await user.click(screen.getByRole('tab', { name: 'Members' }))
    const list = await screen.findByRole('list', { name: 'Members' })
    expect(within(list).queryByRole('button', { name: 'Actions for Olivia' })).toBeNull()
    expect(within(list).queryByRole('button', { name: 'Actions for Adam' })).toBeNull()
    await user.click(within(list).getByRole('button', { name: 'Actions for Mia' }))
    const menu = screen.getByRole('menu', { name: 'Actions for Mia' })
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Remove from group', 'Ban'])
  })

  it('rejects with a reason, kept in the history', async () => {
    const { calls, user } = setup(users.olivia, 'owner', [request(users.sam)])
    const queue = await screen.findByRole('list', { name: 'Requests to join' })
    await user.click(within(queue).getByRole('button', { name: 'Reject 小山' }))
    const dialog = await screen.findByRole('dialog', { name: "Reject 小山's request?" })
    await user.type(within(dialog).getByLabelText('Reason'), 'We are full this month')
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(calls('POST', `${base}/requests/${request(users.sam).id}/reject`)[0]?.body).toEqual({
      reason: 'We are full this month',
    })
    await user.click(screen.getByRole('tab', { name: 'History' }))
    const history = await screen.findByRole('list', { name: 'All requests' })
    expect(history).toHaveTextContent('Reason: We are full this month')
  })

  it('the owner promotes, and bans after confirming; the banned list lifts the ban', async () => {
    const { calls, user } = setup(users.olivia, 'owner')
    let list = await screen.findByRole('list', { name: 'Members' })
    await user.click(within(list).getByRole('button', { name: 'Actions for Mia' }))
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Make admin', 'Remove from group', 'Ban'])
    await user.click(screen.getByRole('menuitem', { name: 'Make admin' }))
    expect(await screen.findByText('Mia is now an admin.')).toBeInTheDocument()
    expect(calls('PUT', `${base}/members/${users.mia.id}/role`)[0]?.body).toEqual({
      role: 'admin',
    })
    list = screen.getByRole('list', { name: 'Members' })
    await waitFor(() =>
      expect(within(list).getByRole('listitem', { name: 'Mia' })).toHaveTextContent('Admin'),
    )

    await user.click(within(list).getByRole('button', { name: 'Actions for Mia' }))
    await user.click(screen.getByRole('menuitem', { name: 'Ban' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Ban Mia?' })
    expect(confirm).toHaveTextContent('cannot join or ask to join again until you lift the ban')
    await user.click(within(confirm).getByRole('button', { name: 'Ban' }))
    await waitFor(() =>
      expect(within(list).queryByRole('listitem', { name: 'Mia' })).not.toBeInTheDocument(),
    )
    expect(calls('PUT', `${base}/bans/${users.mia.id}`)).toHaveLength(1)

    await user.click(screen.getByRole('tab', { name: 'Banned' }))
    const banned = await screen.findByRole('list', { name: 'Banned people' })
    await user.click(within(banned).getByRole('button', { name: 'Lift ban on Mia' }))
    expect(await screen.findByText('Nobody is banned.')).toBeVisible()
    expect(calls('DELETE', `${base}/bans/${users.mia.id}`)).toHaveLength(1)
  })

  it('a refusal is a toast with the server’s message', async () => {
    const { user } = renderGroupsApp(`/group/${GROUP_ID}/members`, {
      'GET /api/auth/token': () => ({ body: signedInAs(users.olivia) }),
      [`GET ${base}`]: () => ({ body: home(groupAs('owner')) }),
      [`GET ${base}/members`]: () => ({
        body: { success: true, members: initialMembers, nextCursor: null },
      }),
      [`GET ${base}/requests`]: () => ({ body: { success: true, requests: [], nextCursor: null } }),
      [`PUT ${base}/members/${users.mia.id}/role`]: () =>
        apiError(403, 'group_role_not_allowed', '只有组长可以更改角色'),
    })
    const list = await screen.findByRole('list', { name: 'Members' })
    await user.click(within(list).getByRole('button', { name: 'Actions for Mia' }))
    await user.click(screen.getByRole('menuitem', { name: 'Make admin' }))
    expect(await screen.findByText('只有组长可以更改角色')).toBeInTheDocument()
  })
})
