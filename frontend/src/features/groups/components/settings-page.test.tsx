import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apiError, renderGroupsApp, type FakeRequest } from '@/test/fake-api.tsx'
import type { Group, GroupSettings, MemberRole } from '@/lib/api/types.ts'
import type { User } from '@/lib/user.ts'
import {
  groupAs,
  GROUP_ID,
  home,
  members,
  person,
  signedInAs,
  signedOut,
  users,
} from '../test/fixtures.ts'

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true })
})

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const base = `/api/groups/${GROUP_ID}`

function setup(
  viewer: User | null,
  role: MemberRole | null,
  extra: Record<string, (r: FakeRequest) => unknown> = {},
) {
  const state: { group: Group } = {
    group: role ? groupAs(role) : groupAs('member', { membership: null }),
  }
  const answer = () => ({ body: { success: true, group: state.group } })
  const app = renderGroupsApp(`/group/${GROUP_ID}/settings`, {
    'GET /api/auth/token': () => ({ body: viewer ? signedInAs(viewer) : signedOut }),
    [`GET ${base}`]: () => ({ body: home(state.group) }),
    [`GET ${base}/members`]: () => ({ body: { success: true, members, nextCursor: null } }),
    [`PUT ${base}`]: ({ body }: FakeRequest) => {
      const settings = body as GroupSettings
      state.group = {
        ...state.group,
        ...settings,
        description: settings.description ?? '',
        updatedAt: '2026-03-05T00:00:00Z',
      }
      return answer()
    },
    [`PUT ${base}/cover`]: () => {
      state.group = {
        ...state.group,
        coverUrl: '/api/media/c1',
        coverThumbnailUrl: '/api/media/c1/thumbnail',
      }
      return answer()
    },
    [`POST ${base}/invite-code`]: () => {
      state.group = { ...state.group, inviteCode: 'NEWC0DE9' }
      return answer()
    },
    [`POST ${base}/transfer`]: () => {
      state.group = {
        ...state.group,
        transferOffer: {
          from: person(users.olivia),
          to: person(users.mia),
          createdAt: '2026-03-05T08:00:00Z',
        },
      }
      return answer()
    },
    [`DELETE ${base}/transfer`]: () => {
      state.group = { ...state.group, transferOffer: null }
      return answer()
    },
    [`DELETE ${base}`]: () => ({ body: { success: true, message: 'Deleted' } }),
    'GET /api/groups/mine': () => ({ body: { success: true, groups: [], nextCursor: null } }),
    'GET /api/groups': () => ({ body: { success: true, groups: [], nextCursor: null } }),
    ...(extra as Record<string, (r: FakeRequest) => { body: unknown }>),
  })
  return { ...app, state }
}

describe('/group/$groupId/settings', () => {
  it('is not for members or visitors: they are told so, with the way back', async () => {
    setup(users.mia, 'member')
    expect(
      await screen.findByRole('heading', {
        name: "Settings are for the group's managers",
      }),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to the group' })).toHaveAttribute(
      'href',
      `/group/${GROUP_ID}`,
    )
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument()
  })

  it('a visitor may log in from there', async () => {
    setup(null, null)
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeVisible()
  })

  it('an admin edits the details (a private group cannot be open) but cannot transfer or delete', async () => {
    const { calls, user } = setup(users.adam, 'admin')
    const details = await screen.findByRole('region', { name: 'Group details' })
    const save = within(details).getByRole('button', { name: 'Save changes' })
    expect(save).toBeDisabled()
    expect(screen.queryByRole('region', { name: 'Transfer ownership' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Delete this group' })).not.toBeInTheDocument()

    const name = within(details).getByLabelText('Name')
    await user.clear(name)
    await user.type(name, 'Sunday readers')
    await user.click(within(details).getByRole('radio', { name: /^Private/ }))
    // The group was 'approval', which a private group may keep.
    expect(within(details).getByRole('radio', { name: /^Approval/ })).toBeChecked()
    expect(within(details).getByRole('radio', { name: /^Open/ })).toBeDisabled()
    await user.click(save)
    expect(await screen.findByText("The group's details are saved.")).toBeInTheDocument()
    expect(calls('PUT', base)[0]?.body).toEqual({
      name: 'Sunday readers',
      description: 'We read one book a month.',
      visibility: 'private',
      joinPolicy: 'approval',
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunday readers' })).toBeVisible()
    await waitFor(() => expect(save).toBeDisabled())
  })

  it('shows the server’s field errors', async () => {
    const { user } = setup(users.adam, 'admin', {
      [`PUT ${base}`]: () =>
        apiError(422, 'invalid_group_settings', 'Invalid settings', {
          description: 'Too long for the server',
        }),
    })
    const details = await screen.findByRole('region', { name: 'Group details' })
    await user.type(within(details).getByLabelText('Description'), '!')
    await user.click(within(details).getByRole('button', { name: 'Save changes' }))
    expect(await within(details).findByText('Too long for the server')).toBeVisible()
    expect(within(details).getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true')
  })

  it('uploads a cover as the raw file, and copies and renews the invite link', async () => {
    const { calls, user } = setup(users.adam, 'admin')
    const cover = await screen.findByRole('region', { name: 'Cover image' })
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'cover.jpg', {
      type: 'image/jpeg',
    })
    const input = cover.querySelector<HTMLInputElement>('input[type="file"]')!
    await user.upload(input, file)
    expect(await within(cover).findByRole('button', { name: 'Replace cover' })).toBeVisible()
    const upload = calls('PUT', `${base}/cover`)[0]!
    expect(upload.body).toBe(file)
    expect(upload.headers.get('Content-Type')).toBe('application/octet-stream')

    const invite = screen.getByRole('region', { name: 'Invite code' })
    expect(within(invite).getByLabelText('Invite link')).toHaveValue(
      `${location.origin}/group/${GROUP_ID}/join?code=7KQ2MZ9P`,
    )
    await user.click(within(invite).getByRole('button', { name: 'Make a new code' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Make a new invite code?' })
    await user.click(within(confirm).getByRole('button', { name: 'Make a new code' }))
    await waitFor(() =>
      expect(within(invite).getByLabelText('Invite link')).toHaveValue(
        `${location.origin}/group/${GROUP_ID}/join?code=NEWC0DE9`,
      ),
    )
    expect(calls('POST', `${base}/invite-code`)).toHaveLength(1)
  })

  it('refuses a file that is not an image before sending it', async () => {
    const { calls } = setup(users.adam, 'admin')
    const cover = await screen.findByRole('region', { name: 'Cover image' })
    const input = cover.querySelector<HTMLInputElement>('input[type="file"]')!
    // A picker that ignores `accept` (or a drop) can still hand over any file.
    fireEvent.change(input, {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    })
    expect(await within(cover).findByRole('alert')).toHaveTextContent(
      'Choose a JPEG, PNG, WebP or GIF image.',
    )
    expect(calls('PUT', `${base}/cover`)).toHaveLength(0)
  })

  it('the owner offers the group to a member after confirming, sees the offer waiting and may withdraw it', async () => {
    const { calls, user } = setup(users.olivia, 'owner')
    const transfer = await screen.findByRole('region', { name: 'Transfer ownership' })
    const select = within(transfer).getByLabelText('New owner')
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3))
    await user.selectOptions(select, 'Mia (@mia) · Member')
    await user.click(within(transfer).getByRole('button', { name: 'Offer ownership' }))
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Offer 周末读书会 to Mia?',
    })
    expect(confirm).toHaveTextContent('Mia is asked to accept')
    await user.click(within(confirm).getByRole('button', { name: 'Send the offer' }))
    expect(
      await screen.findByText('Mia has been asked to take over the group.'),
    ).toBeInTheDocument()
    expect(calls('POST', `${base}/transfer`)[0]?.body).toEqual({ userId: users.mia.id })
    // Still the owner: the offer waits, and nothing else can be offered meanwhile.
    expect(await within(transfer).findByText(/Waiting for Mia to accept ownership/)).toBeVisible()
    expect(within(transfer).queryByLabelText('New owner')).not.toBeInTheDocument()
    await user.click(within(transfer).getByRole('button', { name: 'Withdraw the offer' }))
    expect(await screen.findByText('The offer was withdrawn.')).toBeInTheDocument()
    expect(calls('DELETE', `${base}/transfer`)).toHaveLength(1)
    expect(await within(transfer).findByLabelText('New owner')).toBeVisible()
  })

  it('the owner deletes the group after a confirm dialog naming it, and lands on /group', async () => {
    const { calls, user } = setup(users.olivia, 'owner')
    const danger = await screen.findByRole('region', { name: 'Delete this group' })
    await user.click(within(danger).getByRole('button', { name: 'Delete group' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “周末读书会”?' })
    expect(confirm).toHaveTextContent('will be deleted for good')
    await user.click(within(confirm).getByRole('button', { name: 'Delete group' }))
    await waitFor(() => expect(location.pathname).toBe('/group'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Groups' })).toBeVisible()
    expect(calls('DELETE', base)).toHaveLength(1)
    // The deleted group is not asked for again.
    const homeCalls = calls('GET', base).length
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls('GET', base)).toHaveLength(homeCalls)
  })
})
