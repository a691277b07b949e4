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
    heldWords: null,
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
    expect(await screen.findByText('Case closed: Content deleted')).toBeVisible()
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

describe('hiding, and what the word list held', () => {
  it('offers Hide for what someone wrote only, and hides after asking, with the note', async () => {
    const { calls, user } = open({
      'GET /api/admin/reports': () =>
        page([reportCase('c1'), reportCase('c2', { subject: { kind: 'person', id: 'u2' } })]),
      'POST /api/admin/reports/c1/close': () => ({
        body: {
          success: true,
          case: reportCase('c1', {
            closed: { action: 'hide', byId: 'u0', at: '2026-11-28T00:00:00Z', note: null },
          }),
        },
      }),
    })
    const post = (await screen.findAllByRole('listitem', { name: 'Plaza post' }))[0]!
    const person = screen.getAllByRole('listitem', { name: 'Person' })[0]!
    expect(
      within(post)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['History of edits', 'Dismiss', 'Hide', 'Delete the content', 'Disable the account'])
    // A person: nothing to hide or delete.
    expect(within(person).queryByRole('button', { name: 'Hide' })).toBeNull()
    expect(within(person).queryByRole('button', { name: 'Delete the content' })).toBeNull()

    await user.click(within(post).getByRole('button', { name: 'Hide' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Hide?' })
    expect(dialog).toHaveAccessibleDescription(
      'The content stays, but only its author sees it; they are told, with your note.',
    )
    expect(within(dialog).getByText(/told to the author with a deletion or hiding/)).toBeVisible()
    await user.type(within(dialog).getByRole('textbox'), 'Advertising')
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(JSON.parse(String(calls('POST', '/api/admin/reports/c1/close')[0]?.init?.body))).toEqual(
      { action: 'hide', note: 'Advertising' },
    )
    expect(await screen.findByText('Case closed: Hidden')).toBeVisible()
  })

  it('marks a held case with its words, and releases it (a dismiss) after asking', async () => {
    const { calls, user } = open({
      'GET /api/admin/reports': () =>
        page([
          reportCase('c1', {
            heldWords: ['cheap', 'watches'],
            reports: 0,
            reasons: [],
          }),
          reportCase('c2'),
        ]),
      'POST /api/admin/reports/c1/close': () => ({
        body: {
          success: true,
          case: reportCase('c1', {
            heldWords: ['cheap', 'watches'],
            closed: { action: 'dismiss', byId: 'u0', at: '2026-11-28T00:00:00Z', note: null },
          }),
        },
      }),
    })
    const [held, reported] = await screen.findAllByRole('listitem', { name: 'Plaza post' })
    expect(within(held!).getByText('Held by the word list')).toBeVisible()
    expect(held).toHaveTextContent('Held for: cheap, watches')
    expect(within(held!).getByText('cheap')).toBeVisible()
    expect(within(held!).getByText('watches')).toBeVisible()
    // Nobody reported it (yet): no "0 reports", no reasons.
    expect(held).not.toHaveTextContent('0 reports')
    expect(within(held!).queryByRole('list', { name: 'Reason' })).toBeNull()
    expect(within(held!).queryByRole('button', { name: 'Dismiss' })).toBeNull()
    expect(within(held!).getByRole('button', { name: 'Hide' })).toBeVisible()
    // A case of reports alone keeps its count and its Dismiss.
    expect(within(reported!).queryByText('Held by the word list')).toBeNull()
    expect(reported).toHaveTextContent('3 reports')
    expect(within(reported!).getByRole('button', { name: 'Dismiss' })).toBeVisible()
    expect(within(reported!).queryByRole('button', { name: 'Release' })).toBeNull()

    await user.click(within(held!).getByRole('button', { name: 'Release' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Release?' })
    expect(dialog).toHaveAccessibleDescription(
      'The item is shown again to everyone who could see it, and the case is closed.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Release' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(JSON.parse(String(calls('POST', '/api/admin/reports/c1/close')[0]?.init?.body))).toEqual(
      { action: 'dismiss' },
    )
    expect(await screen.findByText('Case closed: Released')).toBeVisible()
  })

  it('shows how closed cases ended: hidden, released', async () => {
    const at = '2026-11-28T00:00:00Z'
    open({
      'GET /api/admin/reports': () =>
        page([
          reportCase('c1', { closed: { action: 'hide', byId: 'u0', at, note: 'spam' } }),
          reportCase('c2', {
            heldWords: ['cheap'],
            reports: 0,
            reasons: [],
            closed: { action: 'dismiss', byId: 'u0', at, note: null },
          }),
          reportCase('c3', { closed: { action: 'dismiss', byId: 'u0', at, note: null } }),
        ]),
    })
    const [hidden, released, dismissed] = await screen.findAllByRole('listitem', {
      name: 'Plaza post',
    })
    expect(within(hidden!).getAllByText(/^Hidden/)[0]).toBeVisible()
    expect(hidden).toHaveTextContent('Note: spam')
    expect(released).toHaveTextContent('Released')
    expect(released).not.toHaveTextContent('Dismissed')
    expect(dismissed).toHaveTextContent('Dismissed')
    // Closed: nothing more to do.
    expect(within(hidden!).queryByRole('button', { name: 'Hide' })).toBeNull()
    expect(within(released!).queryByRole('button', { name: 'Release' })).toBeNull()
  })
})

describe('a case’s history of edits', () => {
  const GROUP_ID = '0192e0a0-0000-7000-8000-0000000000g1'
  const ARTICLE_ID = '0192e0a0-0000-7000-8000-0000000000b1'
  const REPLY_ID = '0192e0a0-0000-7000-8000-0000000000d1'
  const postVersions = `/api/plaza/posts/${POST_ID}/versions`
  const commentVersions = `/api/plaza/comments/${COMMENT_ID}/versions`
  const replyVersions = `/api/groups/${GROUP_ID}/articles/${ARTICLE_ID}/replies/${REPLY_ID}/versions`

  it('loads a post’s versions when opened, not before, and lists them newest first', async () => {
    const { calls, user } = open({
      'GET /api/admin/reports': () => page([reportCase('c1')]),
      [`GET ${postVersions}`]: () => ({
        body: {
          success: true,
          versions: [
            { version: 2, body: 'Nice watches, see my profile', writtenAt: '2026-11-27T10:00:00Z' },
            { version: 1, body: 'Cheap watches, buy now', writtenAt: '2026-11-27T07:00:00Z' },
          ],
        },
      }),
    })
    const item = (await screen.findAllByRole('listitem', { name: 'Plaza post' }))[0]!
    const toggle = within(item).getByRole('button', { name: 'History of edits' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(calls('GET', postVersions)).toHaveLength(0)

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const versions = within(
      await within(item).findByRole('list', { name: 'Its texts, newest first' }),
    ).getAllByRole('listitem')
    expect(versions).toHaveLength(2)
    expect(versions[0]).toHaveTextContent('Current')
    expect(versions[0]).toHaveTextContent('Nice watches, see my profile')
    expect(versions[1]).toHaveTextContent('Cheap watches, buy now')
    expect(versions[1]).not.toHaveTextContent('Current')
    expect(within(versions[1]!).getByText(/2026/)).toHaveAttribute(
      'datetime',
      '2026-11-27T07:00:00Z',
    )
    expect(within(item).queryByText(/Never edited/)).toBeNull()
    expect(calls('GET', postVersions)).toHaveLength(1)

    // Closed, it hides them; open again, it shows them without asking again.
    await user.click(toggle)
    expect(within(item).queryByRole('list', { name: 'Its texts, newest first' })).toBeNull()
    await user.click(toggle)
    expect(within(item).getByRole('list', { name: 'Its texts, newest first' })).toBeVisible()
    expect(calls('GET', postVersions)).toHaveLength(1)
  })

  it('says a deleted comment is gone (404), and an unedited reply never edited', async () => {
    const { calls, user } = open({
      'GET /api/admin/reports': () =>
        page([
          reportCase('c1', {
            subject: { kind: 'comment', id: COMMENT_ID },
            parentId: POST_ID,
          }),
          reportCase('c2', {
            subject: { kind: 'reply', id: REPLY_ID },
            groupId: GROUP_ID,
            parentId: ARTICLE_ID,
            excerpt: 'You are all fools',
          }),
          reportCase('c3', { subject: { kind: 'person', id: 'u2' } }),
        ]),
      [`GET ${commentVersions}`]: () => ({
        status: 404,
        body: { success: false, code: 'not_found', message: 'Not found.' },
      }),
      [`GET ${replyVersions}`]: () => ({
        body: {
          success: true,
          reply: {
            id: REPLY_ID,
            version: 1,
            body: 'You are all fools',
            createdAt: '2026-11-27T06:00:00Z',
            editedAt: null,
          },
          versions: [],
        },
      }),
    })
    const comment = (await screen.findAllByRole('listitem', { name: 'Plaza comment' }))[0]!
    await user.click(within(comment).getByRole('button', { name: 'History of edits' }))
    expect(
      await within(comment).findByText(
        'It is gone (deleted since it was reported): there is no history to show.',
      ),
    ).toBeVisible()
    expect(calls('GET', commentVersions)).toHaveLength(1)

    const reply = screen.getAllByRole('listitem', { name: 'Reply' })[0]!
    await user.click(within(reply).getByRole('button', { name: 'History of edits' }))
    expect(
      await within(reply).findByText('Never edited: this is the only text it has had.'),
    ).toBeVisible()
    const versions = within(
      within(reply).getByRole('list', { name: 'Its texts, newest first' }),
    ).getAllByRole('listitem')
    expect(versions).toHaveLength(1)
    expect(versions[0]).toHaveTextContent('You are all fools')
    expect(calls('GET', replyVersions)).toHaveLength(1)

    // A person has no edits to show.
    const person = screen.getAllByRole('listitem', { name: 'Person' })[0]!
    expect(within(person).queryByRole('button', { name: 'History of edits' })).toBeNull()
  })
})
