import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ReportCase } from '@/lib/api/types.ts'
import type { User } from '@/lib/user.ts'
import { apiError, renderGroupsApp } from '@/test/fake-api.tsx'
import { GROUP_ID, groupAs, home, person, signedInAs, users } from '../test/fixtures.ts'

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const base = `/api/groups/${GROUP_ID}`
const ARTICLE_ID = '00000000-0000-4000-8000-0000000000b1'
const REPLY_ID = '00000000-0000-4000-8000-0000000000c1'

const replyCase: ReportCase = {
  id: 'case-1',
  subject: { kind: 'reply', id: REPLY_ID },
  author: person(users.mia) as ReportCase['author'],
  groupId: GROUP_ID,
  parentId: ARTICLE_ID,
  excerpt: 'You are all fools',
  reports: 2,
  reasons: [{ reason: 'abuse', count: 2 }],
  openedAt: '2026-11-27T08:00:00Z',
  lastReportedAt: '2026-11-27T09:00:00Z',
  closed: null,
  heldWords: null,
}

function setup(viewer: User, role: 'owner' | 'member') {
  let open = true
  const app = renderGroupsApp(`/group/${GROUP_ID}/reports`, {
    'GET /api/auth/token': () => ({ body: signedInAs(viewer) }),
    [`GET ${base}`]: () => ({ body: home(groupAs(role)) }),
    [`GET ${base}/reports`]: () => ({
      body: { success: true, cases: open ? [replyCase] : [], nextCursor: null },
    }),
    [`POST ${base}/reports/case-1/close`]: () => {
      if (!open) return apiError(409, 'case_closed', 'This case was closed meanwhile.')
      open = false
      return { body: { success: true, case: replyCase } }
    },
  })
  return app
}

describe('/group/{id}/reports', () => {
  it("shows the group's managers its queue, a reply linked in its article, and bans", async () => {
    const { calls, user } = setup(users.olivia, 'owner')
    const tabs = await screen.findByRole('navigation', { name: 'Group sections' })
    expect(within(tabs).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const item = (await screen.findAllByRole('listitem', { name: 'Reply' }))[0]!
    expect(item).toHaveTextContent('You are all fools')
    expect(item).toHaveTextContent('2 reports')
    expect(within(item).getByRole('link', { name: 'View: Reply' })).toHaveAttribute(
      'href',
      `/group/${GROUP_ID}/article/${ARTICLE_ID}/display#reply-${REPLY_ID}`,
    )
    // A group's queue: dismiss, hide, delete, ban — disabling accounts is the site's (and the
    // reply's history of edits, on asking).
    expect(
      within(item)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['History of edits', 'Dismiss', 'Hide', 'Delete the content', 'Ban from the group'])
    await user.click(within(item).getByRole('button', { name: 'Ban from the group' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Ban from the group?' })
    await user.click(within(dialog).getByRole('button', { name: 'Ban from the group' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls('POST', `${base}/reports/case-1/close`)[0]?.body).toEqual({ action: 'ban' })
    expect(await screen.findByText('No open reports.')).toBeVisible()
  })

  it('hides a reply after asking, with the note told to its author', async () => {
    const { calls, user } = setup(users.olivia, 'owner')
    const item = (await screen.findAllByRole('listitem', { name: 'Reply' }))[0]!
    await user.click(within(item).getByRole('button', { name: 'Hide' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Hide?' })
    expect(dialog).toHaveAccessibleDescription(
      'The content stays, but only its author sees it; they are told, with your note.',
    )
    await user.type(within(dialog).getByRole('textbox'), 'Be kind')
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls('POST', `${base}/reports/case-1/close`)[0]?.body).toEqual({
      action: 'hide',
      note: 'Be kind',
    })
  })

  it('tells a member the queue is not theirs and asks the server nothing about it', async () => {
    const { calls } = setup(users.mia, 'member')
    expect(
      await screen.findByText("Only the group's owner and admins see its reports."),
    ).toBeVisible()
    const tabs = screen.getByRole('navigation', { name: 'Group sections' })
    expect(within(tabs).queryByRole('link', { name: 'Reports' })).toBeNull()
    expect(calls('GET', `${base}/reports`)).toHaveLength(0)
  })
})
