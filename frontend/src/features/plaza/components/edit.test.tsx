import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderGroupsApp, type Handler } from '@/test/fake-api.tsx'
import type { PlazaComment, PlazaPost } from '@/lib/api/types.ts'
import { resetEditDraftsForTests } from '../edit-drafts.ts'
import { signedIn } from '../test/fixtures.ts'

afterEach(async () => {
  vi.unstubAllGlobals()
  resetEditDraftsForTests()
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const ID = '00000000-0000-4000-8000-000000000001'
const PATH = `/api/plaza/posts/${ID}`
const COMMENT_ID = '00000000-0000-4000-9000-000000000001'
const COMMENT_PATH = `/api/plaza/comments/${COMMENT_ID}`
const EDITED_AT = new Date(Date.now() - 2 * 60_000).toISOString()

function post(overrides: Partial<PlazaPost> = {}): PlazaPost {
  return {
    id: ID,
    author: { id: 'b1', username: 'lily', nickname: 'Lily', avatarUrl: null },
    body: 'Sunny in Chengdu',
    images: [],
    removedImages: 0,
    district: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    likeCount: 0,
    commentCount: 1,
    liked: false,
    canDelete: true,
    version: 1,
    editedAt: null,
    canEdit: true,
    canSeeVersions: true,
    withheld: null,
    ...overrides,
  }
}

function comment(overrides: Partial<PlazaComment> = {}): PlazaComment {
  return {
    id: COMMENT_ID,
    postId: ID,
    author: { id: 'b1', username: 'lily', nickname: 'Lily', avatarUrl: null },
    body: 'First!',
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    canDelete: true,
    version: 1,
    editedAt: null,
    canEdit: true,
    canSeeVersions: true,
    withheld: null,
    ...overrides,
  }
}

function routes(extra: Record<string, Handler>): Record<string, Handler> {
  return {
    'GET /api/auth/token': () => ({ body: signedIn }),
    [`GET ${PATH}`]: () => ({ body: { success: true, post: post() } }),
    [`GET ${PATH}/comments`]: () => ({
      body: { success: true, comments: [comment()], nextCursor: null },
    }),
    ...extra,
  }
}

describe('editing a post', () => {
  it('edits the text in place, then shows "edited" with the full time on hover', async () => {
    const { user, calls } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        [`PATCH ${PATH}`]: (request) => ({
          body: {
            success: true,
            post: post({
              body: (request.body as { body: string }).body,
              version: 2,
              editedAt: EDITED_AT,
            }),
          },
        }),
      }),
    )
    const article = await screen.findByRole('article')
    await user.click(await within(article).findByRole('button', { name: 'Edit post' }))
    const box = within(article).getByRole('textbox', { name: 'Text of your post' })
    expect(box).toHaveValue('Sunny in Chengdu')
    await user.clear(box)
    await user.type(box, 'Rainy in Chengdu')
    await user.click(within(article).getByRole('button', { name: 'Save' }))
    expect(await within(article).findByText('Rainy in Chengdu')).toBeVisible()
    expect(calls('PATCH', PATH)[0]!.body).toEqual({ body: 'Rainy in Chengdu', version: 1 })
    expect(within(article).queryByRole('textbox', { name: 'Text of your post' })).toBeNull()
    const edited = within(article).getByText('edited 2 minutes ago')
    expect(edited.closest('time')).toHaveAttribute('datetime', EDITED_AT)
    expect(edited.closest('time')?.getAttribute('title')).toMatch(/^Edited /)
  })

  it('keeps the text and says so when someone edited it meanwhile (409)', async () => {
    let saves = 0
    const { user, calls } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        [`PATCH ${PATH}`]: (request) => {
          saves += 1
          if (saves === 1) {
            return {
              status: 409,
              body: {
                success: false,
                code: 'plaza_edit_conflict',
                message: 'It was edited after you opened it: edit the latest version again',
                current: post({ body: 'Their text', version: 2, editedAt: EDITED_AT }),
              },
            }
          }
          return {
            body: {
              success: true,
              post: post({
                body: (request.body as { body: string }).body,
                version: 3,
                editedAt: EDITED_AT,
              }),
            },
          }
        },
      }),
    )
    const article = await screen.findByRole('article')
    await user.click(await within(article).findByRole('button', { name: 'Edit post' }))
    const box = within(article).getByRole('textbox', { name: 'Text of your post' })
    await user.type(box, ' and warm')
    await user.click(within(article).getByRole('button', { name: 'Save' }))
    expect(await within(article).findByRole('alert')).toHaveTextContent(
      /edited elsewhere after you opened it/,
    )
    // What was typed is still there, and saving again edits from their version.
    expect(box).toHaveValue('Sunny in Chengdu and warm')
    await user.click(within(article).getByRole('button', { name: 'Save' }))
    expect(await within(article).findByText('Sunny in Chengdu and warm')).toBeVisible()
    expect(calls('PATCH', PATH).map((call) => (call.body as { version: number }).version)).toEqual([
      1, 2,
    ])
  })

  it('keeps an open edit’s draft when the page is shown again', async () => {
    const first = renderGroupsApp(`/plaza/post/${ID}`, routes({}))
    const article = await screen.findByRole('article')
    await first.user.click(await within(article).findByRole('button', { name: 'Edit post' }))
    await first.user.type(
      within(article).getByRole('textbox', { name: 'Text of your post' }),
      ' (draft)',
    )
    // The page goes away (another route, the feed refetched): the editor is mounted again.
    cleanup()

    renderGroupsApp(`/plaza/post/${ID}`, routes({}))
    expect(await screen.findByRole('textbox', { name: 'Text of your post' })).toHaveValue(
      'Sunny in Chengdu (draft)',
    )
  })

  it('lists the earlier versions for its author from "edited"', async () => {
    const { user } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        [`GET ${PATH}`]: () => ({
          body: { success: true, post: post({ body: 'Now', version: 2, editedAt: EDITED_AT }) },
        }),
        [`GET ${PATH}/versions`]: () => ({
          body: {
            success: true,
            versions: [
              { version: 2, body: 'Now', writtenAt: EDITED_AT },
              { version: 1, body: 'Before', writtenAt: post().createdAt },
            ],
          },
        }),
      }),
    )
    await user.click(await screen.findByRole('button', { name: /show earlier versions/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Versions of this post' })
    expect(await within(dialog).findByText('Before')).toBeVisible()
    expect(within(dialog).getByText('Version 1')).toBeVisible()
    expect(within(dialog).getByText('Current')).toBeVisible()
  })

  it('offers no edit on someone else’s post, and "edited" is plain text there', async () => {
    renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        [`GET ${PATH}`]: () => ({
          body: {
            success: true,
            post: post({
              canEdit: false,
              canDelete: false,
              canSeeVersions: false,
              editedAt: EDITED_AT,
              version: 2,
            }),
          },
        }),
      }),
    )
    const article = await screen.findByRole('article')
    expect(await within(article).findByText('edited 2 minutes ago')).toBeVisible()
    expect(within(article).queryByRole('button', { name: 'Edit post' })).toBeNull()
    expect(within(article).queryByRole('button', { name: /earlier versions/ })).toBeNull()
  })
})

describe('editing a comment', () => {
  it('edits one’s own comment in place and shows "edited"', async () => {
    const { user, calls } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        [`PATCH ${COMMENT_PATH}`]: () => ({
          body: {
            success: true,
            comment: comment({ body: 'Second thoughts', version: 2, editedAt: EDITED_AT }),
          },
        }),
      }),
    )
    const region = await screen.findByRole('region', { name: 'Comments' })
    await user.click(await within(region).findByRole('button', { name: 'Edit comment' }))
    const box = within(region).getByRole('textbox', { name: 'Text of your comment' })
    await user.clear(box)
    await user.type(box, 'Second thoughts')
    await user.click(within(region).getByRole('button', { name: 'Save' }))
    expect(await within(region).findByText('Second thoughts')).toBeVisible()
    expect(calls('PATCH', COMMENT_PATH)[0]!.body).toEqual({ body: 'Second thoughts', version: 1 })
    await waitFor(() =>
      expect(within(region).getByRole('button', { name: /show earlier versions/ })).toBeVisible(),
    )
  })

  it('shows the server’s refusal and keeps the text', async () => {
    const { user } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        [`PATCH ${COMMENT_PATH}`]: () => ({
          status: 429,
          body: { success: false, code: 'rate_limited', message: 'Too many attempts.' },
        }),
      }),
    )
    const region = await screen.findByRole('region', { name: 'Comments' })
    await user.click(await within(region).findByRole('button', { name: 'Edit comment' }))
    const box = within(region).getByRole('textbox', { name: 'Text of your comment' })
    await user.type(box, '!')
    await user.click(within(region).getByRole('button', { name: 'Save' }))
    expect(await within(region).findByRole('alert')).toBeVisible()
    expect(box).toHaveValue('First!!')
  })
})

describe('an administrator removes someone else’s writing', () => {
  it('asks for a reason the author is told, and sends it', async () => {
    const { user, calls, router } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        [`GET ${PATH}`]: () => ({
          body: {
            success: true,
            post: post({
              author: { id: 'x9', username: 'spammer', nickname: 'Spammer', avatarUrl: null },
              canEdit: false,
            }),
          },
        }),
        [`GET ${PATH}/comments`]: () => ({
          body: {
            success: true,
            comments: [
              comment({
                author: { id: 'x9', username: 'spammer', nickname: 'Spammer', avatarUrl: null },
                canEdit: false,
              }),
            ],
            nextCursor: null,
          },
        }),
        [`DELETE ${COMMENT_PATH}`]: () => ({ body: { success: true } }),
        [`DELETE ${PATH}`]: () => ({ body: { success: true } }),
        'GET /api/plaza/posts': () => ({
          body: { success: true, posts: [], nextCursor: null, headCursor: null },
        }),
        'GET /api/districts': () => ({ body: { success: true, districts: [], nextCursor: null } }),
      }),
    )
    const region = await screen.findByRole('region', { name: 'Comments' })
    await user.click(await within(region).findByRole('button', { name: 'Delete comment' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' })
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional, told to the author)' }),
      'advertising',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Delete comment' }))
    await waitFor(() => expect(within(region).queryByText('First!')).toBeNull())
    expect(calls('DELETE', COMMENT_PATH)[0]!.url.searchParams.get('reason')).toBe('advertising')

    // Without a reason: none is sent.
    await user.click(screen.getByRole('button', { name: 'Delete post' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this post?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete post' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/plaza'))
    expect(calls('DELETE', PATH)[0]!.url.search).toBe('')
  })
})

describe('what the word list holds, or a moderator hid', () => {
  it('marks an edited post under review when the server answers it held', async () => {
    const { user } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        [`PATCH ${PATH}`]: (request) => ({
          body: {
            success: true,
            post: post({
              body: (request.body as { body: string }).body,
              version: 2,
              editedAt: EDITED_AT,
              withheld: 'held',
            }),
          },
        }),
      }),
    )
    const article = await screen.findByRole('article')
    await within(article).findByText('Sunny in Chengdu')
    expect(within(article).queryByText('Under review')).toBeNull()
    await user.click(within(article).getByRole('button', { name: 'Edit post' }))
    const box = within(article).getByRole('textbox', { name: 'Text of your post' })
    await user.clear(box)
    await user.type(box, 'Cheap watches')
    await user.click(within(article).getByRole('button', { name: 'Save' }))
    expect(await within(article).findByText('Under review')).toBeVisible()
    expect(article).toHaveTextContent('Only you can see this until a moderator reviews it.')
  })

  it('marks a new comment the server holds, and a hidden one as hidden', async () => {
    const { user } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        [`GET ${PATH}/comments`]: () => ({
          body: {
            success: true,
            comments: [comment({ withheld: 'hidden' })],
            nextCursor: null,
          },
        }),
        [`POST ${PATH}/comments`]: () => ({
          status: 201,
          body: {
            success: true,
            comment: comment({
              id: '00000000-0000-4000-9000-000000000002',
              body: 'Cheap watches',
              withheld: 'held',
            }),
          },
        }),
      }),
    )
    const region = await screen.findByRole('region', { name: 'Comments' })
    const hidden = (await within(region).findByText('First!')).closest('li')!
    expect(within(hidden).getByText('Hidden')).toBeVisible()
    expect(hidden).toHaveTextContent('A moderator hid this; only you can see it.')
    expect(within(region).queryByText('Under review')).toBeNull()

    await user.type(
      within(region).getByRole('textbox', { name: 'Write a comment' }),
      'Cheap watches',
    )
    await user.click(within(region).getByRole('button', { name: 'Comment' }))
    const held = (await within(region).findByText('Cheap watches')).closest('li')!
    expect(within(held).getByText('Under review')).toBeVisible()
    expect(within(held).queryByText('Hidden')).toBeNull()
  })
})
