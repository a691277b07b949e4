import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderGroupsApp, type Handler } from '@/test/fake-api.tsx'
import type { Notification } from '../api/list-notifications.ts'
import { FakeEventSource, ids, notification, signedIn, stubEventSource } from '../test/fixtures.ts'

beforeEach(stubEventSource)
afterEach(async () => {
  vi.unstubAllGlobals()
  await new Promise((resolve) => setTimeout(resolve, 10))
})

function routes(
  notifications: Notification[],
  extra: Record<string, Handler> = {},
  unread = notifications.filter((n) => !n.read).length,
): Record<string, Handler> {
  return {
    'GET /api/auth/token': () => ({ body: signedIn }),
    'GET /api/notifications': () => ({
      body: { success: true, notifications, nextCursor: null, unread },
    }),
    'GET /api/notifications/unread-count': () => ({ body: { success: true, unread } }),
    ...extra,
  }
}

const subject = notification(1).subject

describe('the inbox', () => {
  it('says each kind in a sentence, links what is readable and hides what is not', async () => {
    renderGroupsApp(
      '/notifications',
      routes([
        notification(9, {
          kind: 'liked',
          others: 12,
          detail: null,
          subject: { ...subject, type: 'plaza_post', commentId: null },
        }),
        notification(8),
        notification(7, {
          kind: 'mentioned',
          subject: {
            ...subject,
            type: 'reply',
            title: 'Spring walk',
            groupId: 'g1',
            postId: null,
            commentId: null,
            articleId: 'a1',
            replyId: 'r1',
          },
          detail: '@ana join us',
        }),
        notification(6, {
          kind: 'content_removed',
          subject: { ...subject, readable: false, title: null },
          detail: 'Off topic for this group',
          read: true,
        }),
        notification(5, {
          kind: 'role_changed',
          actor: null,
          detail: 'admin',
          subject: { ...subject, type: 'group', title: 'Hikers', groupId: 'g1' },
        }),
      ]),
    )
    const list = await screen.findByRole('list', { name: 'Notifications' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(5)
    expect(rows[0]).toHaveTextContent('Ben and 12 others liked your post')
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', `/plaza/post/${ids.id(500)}`)
    expect(rows[1]).toHaveTextContent('Ben commented on your post')
    expect(rows[1]).toHaveTextContent('Nice photo!')
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute(
      'href',
      `/plaza/post/${ids.id(500)}#comment-${ids.id(608)}`,
    )
    expect(rows[2]).toHaveTextContent('Ben mentioned you')
    expect(rows[2]).toHaveTextContent('Spring walk')
    expect(within(rows[2]!).getByRole('link')).toHaveAttribute(
      'href',
      '/group/g1/article/a1/display#reply-r1',
    )
    expect(rows[3]).toHaveTextContent('A moderator removed or hid your content')
    expect(rows[3]).toHaveTextContent('No longer available')
    // The reason is not the content: shown though the content is gone.
    expect(rows[3]).toHaveTextContent('Off topic for this group')
    expect(within(rows[3]!).queryByRole('link')).toBeNull()
    expect(rows[3]).not.toHaveTextContent('Unread')
    expect(rows[4]).toHaveTextContent('Your role in the group is now admin')
    expect(within(rows[4]!).getByRole('link')).toHaveAttribute('href', '/group/g1')
    expect(screen.getByText('4 unread')).toBeInTheDocument()
  })

  it('tells a reporter the outcome without saying who decided, and links a person', async () => {
    const person = {
      ...subject,
      type: 'person' as const,
      title: 'Spam King',
      postId: null,
      commentId: null,
      userId: 'u7',
    }
    renderGroupsApp(
      '/notifications',
      routes([
        // Even were an actor sent, a report's outcome does not show it.
        notification(4, { kind: 'report_decided', detail: 'delete' }),
        notification(3, { kind: 'report_decided', actor: null, detail: 'ban', subject: person }),
        notification(2, { kind: 'report_decided', actor: null, detail: 'dismiss' }),
      ]),
    )
    const list = await screen.findByRole('list', { name: 'Notifications' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('Your report was reviewed: the content was removed')
    expect(rows[0]).not.toHaveTextContent('Ben')
    expect(rows[0]).not.toHaveTextContent('BE')
    // The detail is the action: never shown as text.
    expect(rows[0]).not.toHaveTextContent('delete')
    expect(rows[1]).toHaveTextContent(
      'Your report was reviewed: the author was banned from the group',
    )
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/profile/u7')
    expect(rows[2]).toHaveTextContent('Your report was reviewed: no action was needed')
  })

  it('marks one read on the way to it, and all read up to the newest shown', async () => {
    const { user, calls } = renderGroupsApp(
      '/notifications',
      routes([notification(12), notification(11)], {
        'POST /api/notifications/read-all': () => ({
          body: { success: true, changed: 2, unread: 0 },
        }),
        [`POST /api/notifications/${ids.id(12)}/read`]: () => ({
          body: { success: true, changed: 1, unread: 1 },
        }),
        [`GET /api/plaza/posts/${ids.id(500)}`]: () => ({ status: 404, body: { success: false } }),
        [`GET /api/plaza/posts/${ids.id(500)}/comments`]: () => ({
          status: 404,
          body: { success: false },
        }),
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(calls('POST', '/api/notifications/read-all')).toHaveLength(1))
    expect(calls('POST', '/api/notifications/read-all')[0]!.body).toEqual({ upTo: 12 })
    expect(await screen.findByText('All read')).toBeInTheDocument()
    expect(screen.queryByText('Unread')).toBeNull()
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled()
  })

  it('opens a notification: marked read, then its permalink', async () => {
    const { user, calls, router } = renderGroupsApp(
      '/notifications',
      routes([notification(12)], {
        [`POST /api/notifications/${ids.id(12)}/read`]: () => ({
          body: { success: true, changed: 1, unread: 0 },
        }),
        [`GET /api/plaza/posts/${ids.id(500)}`]: () => ({ status: 404, body: { success: false } }),
        [`GET /api/plaza/posts/${ids.id(500)}/comments`]: () => ({
          status: 404,
          body: { success: false },
        }),
      }),
    )
    await user.click(await screen.findByRole('link', { name: /Ben commented on your post/ }))
    await waitFor(() =>
      expect(calls('POST', `/api/notifications/${ids.id(12)}/read`)).toHaveLength(1),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe(`/plaza/post/${ids.id(500)}`))
    expect(router.state.location.hash).toBe(`comment-${ids.id(612)}`)
  })

  it('shows the empty state', async () => {
    renderGroupsApp('/notifications', routes([]))
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument()
  })
})

describe('the bell', () => {
  it('shows the unread count, 99+, and follows the live stream without reloading', async () => {
    renderGroupsApp('/notifications', routes([notification(3)], {}, 4))
    const bell = await screen.findByRole('link', { name: 'Notifications, 4 unread' })
    expect(within(bell).getByTestId('unread-badge')).toHaveTextContent('4')
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/notifications/stream'))
    act(() => {
      FakeEventSource.last!.open()
      FakeEventSource.last!.send('unread', { unread: 120 })
    })
    expect(
      await screen.findByRole('link', { name: 'Notifications, 120 unread' }),
    ).toHaveTextContent('99+')
    act(() => FakeEventSource.last!.send('unread', { unread: 0 }))
    const quiet = await screen.findByRole('link', { name: 'Notifications' })
    expect(within(quiet).queryByTestId('unread-badge')).toBeNull()
  })
})
