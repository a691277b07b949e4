import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ReportCase } from '@/lib/api/types.ts'
import type { StubResponse } from '@/test/fetch.ts'
import { renderApp } from '@/test/render-app.tsx'

// The site's report queue through the real router and shell (the console's guard, the route's
// lazy namespace); only fetch is faked.

type Routes = Record<string, (init: RequestInit | undefined) => StubResponse>

const admin = {
  id: 'u0',
  username: 'admin',
  nickname: 'Admin',
  role: 'admin',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null,
  wechatLinked: false,
}
const session = {
  success: true,
  isAuthenticated: true,
  hasUser: true,
  user: admin,
  wechatOpenId: null,
  authUrl: null,
}

const POST_ID = '0192e0a0-0000-7000-8000-0000000000a1'
const COMMENT_ID = '0192e0a0-0000-7000-8000-0000000000c1'

function reportCase(id: string, patch: Partial<ReportCase> = {}): ReportCase {
  return {
    id,
    subject: { kind: 'post', id: POST_ID },
    author: {
      id: 'u2',
      username: 'spammer',
      nickname: 'Spam King',
      avatarUrl: null,
      avatarThumbnailUrl: null,
    } as ReportCase['author'],
    groupId: null,
    parentId: null,
    excerpt: 'Cheap watches, buy now',
    reports: 3,
    reasons: [
      { reason: 'spam', count: 2 },
      { reason: 'abuse', count: 1 },
    ],
    openedAt: '2026-11-27T08:00:00Z',
    lastReportedAt: '2026-11-27T09:00:00Z',
    closed: null,
    ...patch,
  }
}

const page = (cases: ReportCase[], nextCursor: string | null = null): StubResponse => ({
  body: { success: true, cases, nextCursor },
})

function open(routes: Routes) {
  const app = renderApp('/admin/reports', {
    'GET /api/auth/token': () => ({ body: session }),
    ...routes,
  })
  const calls = (method: string, path: string) =>
    app.fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), location.href), init }))
      .filter(({ url, init }) => url.pathname === path && (init?.method ?? 'GET') === method)
  return { ...app, calls }
}

afterEach(async () => {
  // Let history traversals of closed modals finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('/admin/reports', () => {
  it('lists the open cases with what, who, how many, why and a link; closed on asking', async () => {
    let pages = 0
    const { calls, user } = open({
      'GET /api/admin/reports': () =>
        ++pages > 1
          ? page([reportCase(`later-${pages}`, { excerpt: 'a later case' })])
          : page(
              [
                reportCase('c1'),
                reportCase('c2', {
                  subject: { kind: 'comment', id: COMMENT_ID },
                  parentId: POST_ID,
                  excerpt: 'You are all fools',
                  reports: 1,
                  reasons: [{ reason: 'abuse', count: 1 }],
                }),
              ],
              'next',
            ),
    })
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
    const list = within(await screen.findByRole('list', { name: 'Cases' }))
    const [post, comment] = list.getAllByRole('listitem', { name: /Plaza/ })
    expect(post).toHaveTextContent('Cheap watches, buy now')
    expect(post).toHaveTextContent('3 reports')
    expect(post).toHaveTextContent('Spam or advertising × 2')
    expect(post).toHaveTextContent('Harassment or abuse × 1')
    expect(post).toHaveTextContent('By Spam King')
    expect(within(post!).getByRole('link', { name: 'View: Plaza post' })).toHaveAttribute(
      'href',
      `/plaza/post/${POST_ID}`,
    )
    expect(within(comment!).getByRole('link', { name: 'View: Plaza comment' })).toHaveAttribute(
      'href',
      `/plaza/post/${POST_ID}#comment-${COMMENT_ID}`,
    )
    // A plaza case: nobody to ban from a group.
    expect(within(post!).queryByRole('button', { name: 'Ban from the group' })).toBeNull()
    expect(within(post!).getByRole('button', { name: 'Disable the account' })).toBeVisible()
    expect(calls('GET', '/api/admin/reports')[0]?.url.searchParams.get('state')).toBe('open')
    // "Load more" asks for the next page with its cursor.
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() =>
      expect(
        calls('GET', '/api/admin/reports').some(
          ({ url }) => url.searchParams.get('cursor') === 'next',
        ),
      ).toBe(true),
    )

    await user.click(screen.getByRole('button', { name: 'Closed' }))
    await waitFor(() =>
      expect(
        calls('GET', '/api/admin/reports').some(
          ({ url }) => url.searchParams.get('state') === 'closed',
        ),
      ).toBe(true),
    )
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('deletes after asking, with the note, and the case leaves the open list', async () => {
    let closed = false
    const { calls, user } = open({
      'GET /api/admin/reports': () => page(closed ? [] : [reportCase('c1')]),
      'POST /api/admin/reports/c1/close': () => {
        closed = true
        return {
          body: {
            success: true,
            case: reportCase('c1', {
              closed: { action: 'delete', byId: 'u0', at: '2026-11-28T00:00:00Z', note: 'spam' },
            }),
          },
        }
      },
    })
    const item = (await screen.findAllByRole('listitem', { name: /Plaza post/ }))[0]!
    await user.click(within(item).getByRole('button', { name: 'Delete the content' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the content?' })
    expect(calls('POST', '/api/admin/reports/c1/close')).toHaveLength(0)
    await user.type(within(dialog).getByRole('textbox'), 'Advertising is not allowed')
    await user.click(within(dialog).getByRole('button', { name: 'Delete the content' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(JSON.parse(String(calls('POST', '/api/admin/reports/c1/close')[0]?.init?.body))).toEqual(
      { action: 'delete', note: 'Advertising is not allowed' },
    )
    expect(await screen.findByText('No open reports.')).toBeVisible()
    expect(screen.getByText('Case closed: Content deleted')).toBeVisible()
  })

  it("shows the server's message when another moderator closed the case first (409)", async () => {
    let refused = false
    const { user } = open({
      'GET /api/admin/reports': () => page(refused ? [] : [reportCase('c1')]),
      'POST /api/admin/reports/c1/close': () => {
        refused = true
        return {
          status: 409,
          body: {
            success: false,
            code: 'case_closed',
            message: 'This case was closed meanwhile.',
          },
        }
      },
    })
    const item = (await screen.findAllByRole('listitem', { name: /Plaza post/ }))[0]!
    await user.click(within(item).getByRole('button', { name: 'Dismiss' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Dismiss?' })
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This case was closed meanwhile.',
    )
    // The list is asked again: the case is gone from it.
    expect(await screen.findByText('No open reports.')).toBeInTheDocument()
  })
})
