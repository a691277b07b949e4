import { configure, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { apiError, renderGroupsApp, type FakeRequest } from '@/test/fake-api.tsx'
import {
  ALICE_ID,
  article,
  group,
  post,
  profile,
  profileGroup,
  signedInAs,
  signedOut,
  users,
} from '../test/fixtures.ts'

// Lazy routes, namespaces and the login dialog load on first use: on a busy machine that can
// take longer than the default second.
configure({ asyncUtilTimeout: 4000 })

afterEach(async () => {
  // Let history traversals of closed dialogs finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const posts = (list: ReturnType<typeof post>[], nextCursor: string | null = null) => ({
  body: { success: true, posts: list, nextCursor, headCursor: null },
})

describe('/profile/$userId', () => {
  const aliceRoutes = {
    'GET /api/auth/token': () => ({ body: signedOut }),
    [`GET /api/users/${ALICE_ID}`]: () => ({ body: { success: true, profile: profile() } }),
    [`GET /api/users/${ALICE_ID}/posts`]: ({ url }: FakeRequest) =>
      url.searchParams.get('cursor') === 'page-2'
        ? posts([post('p2', 'Second post')])
        : posts([post('p1', 'First post')], 'page-2'),
    [`GET /api/users/${ALICE_ID}/articles`]: () => ({
      body: { success: true, articles: [article('a1', 'On reading')], nextCursor: null },
    }),
    [`GET /api/users/${ALICE_ID}/groups`]: () => ({
      body: {
        success: true,
        groups: [profileGroup(group({ visibility: 'private', name: 'Inner circle' }))],
        nextCursor: null,
      },
    }),
  }

  it('shows who they are and their posts, with "load more"', async () => {
    const { calls, user } = renderGroupsApp(`/profile/${ALICE_ID}`, aliceRoutes)
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice Wang' })).toBeVisible()
    expect(screen.getByText('@alice')).toBeVisible()
    expect(screen.getByText('Reads on weekends.')).toBeVisible()
    expect(screen.getByText(/^Joined /)).toBeVisible()
    // Initials (spec §3), no picture, when there is no avatar.
    expect(screen.getByText('AL')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Disable user' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument()

    const list = await screen.findByRole('list', { name: 'Their plaza posts' })
    expect(within(list).getByText('First post')).toBeVisible()
    expect(within(list).getByText('2 likes')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    expect(
      calls('GET', `/api/users/${ALICE_ID}/posts`).at(-1)?.url.searchParams.get('cursor'),
    ).toBe('page-2')
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    // The other tabs load when opened, not before.
    expect(calls('GET', `/api/users/${ALICE_ID}/articles`)).toHaveLength(0)
    expect(calls('GET', `/api/users/${ALICE_ID}/groups`)).toHaveLength(0)
  })

  it('marks what only its author sees: a held post, a hidden article', async () => {
    const { user } = renderGroupsApp(`/profile/${ALICE_ID}`, {
      ...aliceRoutes,
      [`GET /api/users/${ALICE_ID}/posts`]: () =>
        posts([{ ...post('p1', 'Waiting post'), withheld: 'held' }, post('p2', 'Open post')]),
      [`GET /api/users/${ALICE_ID}/articles`]: () => {
        const row = article('a1', 'Hidden essay')
        return {
          body: {
            success: true,
            articles: [{ ...row, article: { ...row.article, withheld: 'hidden' } }],
            nextCursor: null,
          },
        }
      },
    })
    const list = await screen.findByRole('list', { name: 'Their plaza posts' })
    const [held, open] = within(list).getAllByRole('listitem')
    expect(within(held!).getByText('Under review')).toBeVisible()
    expect(within(open!).queryByText('Under review')).not.toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Articles' }))
    const articles = await screen.findByRole('list', { name: 'Their articles' })
    expect(within(articles).getByText('Hidden')).toBeVisible()
  })

  it('lists their articles and groups in their tabs', async () => {
    const { user } = renderGroupsApp(`/profile/${ALICE_ID}`, aliceRoutes)
    await user.click(await screen.findByRole('tab', { name: 'Articles' }))
    const articles = await screen.findByRole('list', { name: 'Their articles' })
    expect(within(articles).getByRole('link', { name: 'On reading' })).toHaveAttribute(
      'href',
      `/group/${group().id}/article/a1/display`,
    )
    expect(within(articles).getByText(/in Book Club/)).toBeVisible()

    await user.click(screen.getByRole('tab', { name: 'Groups' }))
    const groups = await screen.findByRole('list', { name: 'Their groups' })
    expect(within(groups).getByRole('link', { name: 'Inner circle' })).toBeVisible()
    expect(within(groups).getByText('Private')).toBeVisible()
    expect(within(groups).getByText('Owner')).toBeVisible()
  })

  it('an empty list says so', async () => {
    renderGroupsApp(`/profile/${ALICE_ID}`, {
      'GET /api/auth/token': () => ({ body: signedOut }),
      [`GET /api/users/${ALICE_ID}`]: () => ({
        body: { success: true, profile: profile({ bio: null }) },
      }),
      [`GET /api/users/${ALICE_ID}/posts`]: () => posts([]),
    })
    expect(await screen.findByText('No plaza posts yet.')).toBeVisible()
    expect(screen.getByText('No bio yet.')).toBeVisible()
  })

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-0000000000ff'],
    ['a malformed id', 'not-a-uuid'],
  ])('%s is the not-found page', async (_, id) => {
    const { calls } = renderGroupsApp(`/profile/${id}`, {
      'GET /api/auth/token': () => ({ body: signedOut }),
      [`GET /api/users/${id}`]: () => apiError(404, 'not_found', 'Not found'),
    })
    expect(await screen.findByText('404')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    if (id === 'not-a-uuid') expect(calls('GET', `/api/users/${id}`)).toHaveLength(0)
  })

  it('an admin disables a user after confirming, and sees the new state', async () => {
    let disabled = false
    const { calls, user } = renderGroupsApp(`/profile/${ALICE_ID}`, {
      'GET /api/auth/token': () => ({ body: signedInAs(users.admin) }),
      [`GET /api/users/${ALICE_ID}`]: () => ({
        body: { success: true, profile: profile({ disabled }) },
      }),
      [`GET /api/users/${ALICE_ID}/posts`]: () => posts([]),
      [`POST /api/admin/users/${ALICE_ID}/disable`]: () => {
        disabled = true
        return {
          body: {
            success: true,
            userId: ALICE_ID,
            disabled: true,
            sessionsEnded: 2,
            tokensRevoked: 1,
            message: 'User disabled',
          },
        }
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Disable user' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable Alice Wang?' })
    expect(calls('POST', `/api/admin/users/${ALICE_ID}/disable`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Disable user' }))
    await waitFor(() =>
      expect(calls('POST', `/api/admin/users/${ALICE_ID}/disable`)).toHaveLength(1),
    )
    expect(await screen.findByRole('button', { name: 'Enable user' })).toBeVisible()
    expect(screen.getByText('Disabled')).toBeVisible()
    expect(screen.getByText('This account is disabled: it cannot sign in.')).toBeVisible()
  })
})

describe('/profile', () => {
  it('signed out: asks to log in', async () => {
    const { user } = renderGroupsApp('/profile', {
      'GET /api/auth/token': () => ({ body: signedOut }),
    })
    expect(await screen.findByRole('heading', { name: 'Log in to see your profile' })).toBeVisible()
    const card = screen
      .getByRole('heading', { name: 'Log in to see your profile' })
      .closest('section')
    await user.click(within(card as HTMLElement).getByRole('button', { name: 'Log in' }))
    expect(await screen.findByRole('dialog', { name: 'Log in to Courtyard' })).toBeVisible()
  })

  it('signed in: my own profile, with a way to edit it and no disable button', async () => {
    renderGroupsApp('/profile', {
      'GET /api/auth/token': () => ({ body: signedInAs(users.alice) }),
      [`GET /api/users/${ALICE_ID}`]: () => ({
        body: { success: true, profile: profile({ isSelf: true }) },
      }),
      [`GET /api/users/${ALICE_ID}/posts`]: () => posts([]),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice Wang' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute(
      'href',
      '/settings/account',
    )
    expect(screen.queryByRole('button', { name: 'Disable user' })).not.toBeInTheDocument()
  })
})
