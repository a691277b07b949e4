import { configure, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { BlockKind } from '@/lib/api/types.ts'
import { renderGroupsApp, type FakeRequest } from '@/test/fake-api.tsx'
import { ALICE_ID, profile, signedInAs, signedOut, users } from '../test/fixtures.ts'

configure({ asyncUtilTimeout: 4000 })

afterEach(async () => {
  // Let history traversals of closed dialogs finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const noPosts = () => ({ body: { success: true, posts: [], nextCursor: null, headCursor: null } })

/** Alice's profile as the admin sees it, with the admin's block or mute of her as the server keeps it. */
function routes(initial: BlockKind | null) {
  let mine: BlockKind | null = initial
  return {
    'GET /api/auth/token': () => ({ body: signedInAs(users.admin) }),
    [`GET /api/users/${ALICE_ID}`]: () => ({
      body: {
        success: true,
        profile: profile({
          myBlock: mine,
          blocked: mine === 'block',
          bio: mine === 'block' ? null : 'Reads on weekends.',
        }),
      },
    }),
    [`GET /api/users/${ALICE_ID}/posts`]: noPosts,
    [`PUT /api/blocks/${ALICE_ID}`]: ({ body }: FakeRequest) => {
      mine = (body as { kind: BlockKind }).kind
      return {
        body: {
          success: true,
          block: {
            person: { id: ALICE_ID, username: 'alice', nickname: 'Alice Wang', avatarUrl: null },
            kind: mine,
            createdAt: '2026-11-28T08:00:00Z',
          },
        },
      }
    },
    [`DELETE /api/blocks/${ALICE_ID}`]: () => {
      mine = null
      return { status: 204 }
    },
  }
}

describe('Block and mute on a profile', () => {
  it('blocks after confirming: the profile then shows none of her content, and unblocks', async () => {
    const { calls, user } = renderGroupsApp(`/profile/${ALICE_ID}`, routes(null))
    await user.click(await screen.findByRole('button', { name: 'Block' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Alice Wang?' })
    expect(within(dialog).getByText(/neither of you will be able to reply/)).toBeVisible()
    expect(calls('PUT', `/api/blocks/${ALICE_ID}`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Block' }))
    await waitFor(() => expect(calls('PUT', `/api/blocks/${ALICE_ID}`)).toHaveLength(1))
    expect(calls('PUT', `/api/blocks/${ALICE_ID}`)[0]?.body).toEqual({ kind: 'block' })
    expect(await screen.findByText('Blocked Alice Wang')).toBeInTheDocument()
    expect(
      await screen.findByText(
        'You can’t see Alice Wang’s posts, articles or groups: one of you has blocked the other.',
      ),
    ).toBeVisible()
    expect(screen.queryByRole('tab', { name: 'Plaza posts' })).not.toBeInTheDocument()
    expect(screen.queryByText('Reads on weekends.')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Unblock' }))
    await waitFor(() => expect(calls('DELETE', `/api/blocks/${ALICE_ID}`)).toHaveLength(1))
    expect(await screen.findByRole('tab', { name: 'Plaza posts' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Block' })).toBeVisible()
  })

  it('a block cancelled changes nothing', async () => {
    const { calls, user } = renderGroupsApp(`/profile/${ALICE_ID}`, routes(null))
    await user.click(await screen.findByRole('button', { name: 'Block' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Block Alice Wang?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls('PUT', `/api/blocks/${ALICE_ID}`)).toHaveLength(0)
  })

  it('mutes at once, then unmutes', async () => {
    const { calls, user } = renderGroupsApp(`/profile/${ALICE_ID}`, routes(null))
    await user.click(await screen.findByRole('button', { name: 'Mute' }))
    expect(
      await screen.findByText('Muted Alice Wang: their writing won’t show in your lists'),
    ).toBeInTheDocument()
    expect(calls('PUT', `/api/blocks/${ALICE_ID}`)[0]?.body).toEqual({ kind: 'mute' })
    expect(await screen.findByRole('button', { name: 'Unmute' })).toBeVisible()
    expect(screen.getByText('Muted')).toBeVisible()
    // A mute hides nothing on the profile itself.
    expect(screen.getByRole('tab', { name: 'Plaza posts' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Unmute' }))
    expect(await screen.findByRole('button', { name: 'Mute' })).toBeVisible()
    expect(calls('DELETE', `/api/blocks/${ALICE_ID}`)).toHaveLength(1)
  })

  it('signed out, or on one’s own profile, there is nothing to block', async () => {
    renderGroupsApp(`/profile/${ALICE_ID}`, {
      'GET /api/auth/token': () => ({ body: signedOut }),
      [`GET /api/users/${ALICE_ID}`]: () => ({ body: { success: true, profile: profile() } }),
      [`GET /api/users/${ALICE_ID}/posts`]: noPosts,
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice Wang' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mute' })).not.toBeInTheDocument()
  })
})
