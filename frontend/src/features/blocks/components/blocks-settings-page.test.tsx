import { configure, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BlockEntry, BlockKind } from '@/lib/api/types.ts'
import { apiError, renderGroupsApp, type FakeRequest } from '@/test/fake-api.tsx'

// Lazy routes and namespaces load on first use: on a busy machine that can take a while.
configure({ asyncUtilTimeout: 4000 })

const me = {
  id: '00000000-0000-4000-8000-0000000000a1',
  username: 'lily',
  nickname: 'Lily',
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  avatarThumbnailUrl: null,
  bio: null,
  appearance: { colorMode: null, language: null },
  hasPassword: true,
  phone: null,
  wechatLinked: false,
}

const session = (user: typeof me | null) => ({
  body: {
    success: true,
    isAuthenticated: user !== null,
    hasUser: user !== null,
    user,
    wechatOpenId: null,
    authUrl: null,
  },
})

function entry(n: number, nickname: string, kind: BlockKind): BlockEntry {
  return {
    person: {
      id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
      username: nickname.toLowerCase(),
      nickname,
      avatarUrl: null,
    },
    kind,
    createdAt: '2026-11-20T08:00:00Z',
  }
}

const bob = entry(11, 'Bob', 'block')
const cat = entry(12, 'Cat', 'block')

describe('/settings/blocks', () => {
  it('lists the blocked with "load more", says the muted list is empty, and undoes a block', async () => {
    let blocked = [bob, cat]
    const { calls, user } = renderGroupsApp('/settings/blocks', {
      'GET /api/auth/token': () => session(me),
      'GET /api/blocks': ({ url }: FakeRequest) => {
        const kind = url.searchParams.get('kind')
        if (kind === 'mute') return { body: { success: true, blocks: [], nextCursor: null } }
        const second = url.searchParams.get('cursor') === 'page-2'
        const page = second ? blocked.slice(1) : blocked.slice(0, 1)
        const more = !second && blocked.length > 1
        return { body: { success: true, blocks: page, nextCursor: more ? 'page-2' : null } }
      },
      [`DELETE /api/blocks/${bob.person.id}`]: () => {
        blocked = blocked.filter((b) => b !== bob)
        return { status: 204 }
      },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blocked and muted' }),
    ).toBeVisible()
    const list = await screen.findByRole('list', { name: 'People you blocked' })
    expect(within(list).getByRole('link', { name: 'Bob' })).toHaveAttribute(
      'href',
      `/profile/${bob.person.id}`,
    )
    expect(within(list).getByText(/@bob · Since /)).toBeVisible()
    expect(await screen.findByText('You haven’t muted anyone.')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    expect(calls('GET', '/api/blocks').at(-1)?.url.searchParams.get('cursor')).toBe('page-2')

    await user.click(within(list).getByRole('button', { name: 'Unblock Bob' }))
    expect(await screen.findByText('Unblocked Bob')).toBeInTheDocument()
    expect(calls('DELETE', `/api/blocks/${bob.person.id}`)).toHaveLength(1)
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'People you blocked' })).queryByText('Bob'),
      ).not.toBeInTheDocument(),
    )
    expect(
      within(screen.getByRole('list', { name: 'People you blocked' })).getByText('Cat'),
    ).toBeVisible()
  })

  it('a refused undo says why and keeps the person listed', async () => {
    const { user } = renderGroupsApp('/settings/blocks', {
      'GET /api/auth/token': () => session(me),
      'GET /api/blocks': ({ url }: FakeRequest) => ({
        body: {
          success: true,
          blocks: url.searchParams.get('kind') === 'mute' ? [entry(13, 'Mia', 'mute')] : [],
          nextCursor: null,
        },
      }),
      'DELETE /api/blocks/00000000-0000-4000-8000-000000000013': () =>
        apiError(429, 'rate_limited', 'Too many attempts; please try again later'),
    })
    const list = await screen.findByRole('list', { name: 'People you muted' })
    expect(await screen.findByText('You haven’t blocked anyone.')).toBeVisible()
    await user.click(within(list).getByRole('button', { name: 'Unmute Mia' }))
    expect(await screen.findByText('Too many attempts; please try again later')).toBeInTheDocument()
    expect(within(list).getByText('Mia')).toBeVisible()
  })

  it('signed out: asks to log in and reads no list', async () => {
    const { calls } = renderGroupsApp('/settings/blocks', {
      'GET /api/auth/token': () => session(null),
    })
    expect(await screen.findByText('Log in to see the people you blocked or muted.')).toBeVisible()
    expect(calls('GET', '/api/blocks')).toHaveLength(0)
  })
})
