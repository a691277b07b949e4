import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Article, Group } from '@/lib/api/types.ts'
import type { User } from '@/lib/user.ts'
import type { Reply } from '../api/list-replies.ts'
import { replyDraftKey } from '../reply-draft.ts'
import { stubXhr } from '@/test/xhr.ts'
import {
  ARTICLE,
  article,
  galleryRoutes,
  GROUP,
  group,
  image,
  lily,
  ming,
  renderGroupPage,
  reply,
  replyId,
  repliesApi,
  type Routes,
} from '../test/fixtures.ts'

const DISPLAY = `/group/${GROUP}/article/${ARTICLE}/display`
const GET = `GET /api/groups/${GROUP}/articles/${ARTICLE}`
const REPLIES = `/api/groups/${GROUP}/articles/${ARTICLE}/replies`

beforeEach(() => localStorage.clear())
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const published = (overrides: Partial<Article> = {}) =>
  article({ status: 'published', publishedAt: '2026-03-01T06:10:00Z', ...overrides })

/** The article page over an article (lily's, published) and its replies. */
function renderThread(
  replies: Reply[],
  {
    viewer = lily as User | null,
    home = group() as Group,
    shown = published({ replyCount: replies.length }),
    locked = false,
    pageSize = 50,
    routes = {} as Routes,
    path = DISPLAY,
  } = {},
) {
  const server = repliesApi(replies, { locked, pageSize, viewer: viewer ?? lily })
  const page = renderGroupPage(path, {
    viewer,
    home,
    routes: {
      [GET]: () => ({ body: { success: true, article: { ...shown, repliesLocked: locked } } }),
      ...server.routes,
      ...routes,
    },
  })
  return { ...page, server }
}

const items = async () =>
  within(await screen.findByRole('list', { name: /repl/i })).getAllByRole('listitem')
const form = () => screen.queryByRole('textbox', { name: 'Your reply' })

describe('replies under an article', () => {
  it('lists the replies oldest first, with their quotes (a deleted one said so), anchors and profile links', async () => {
    const first = reply(1, ming)
    renderThread([
      first,
      reply(2, lily, {
        body: 'Agreed',
        quote: { id: first.id, deleted: false, author: first.author, excerpt: 'Reply 1' },
      }),
      reply(3, ming, {
        body: 'Me too',
        quote: { id: replyId(9), deleted: true, author: null, excerpt: null },
      }),
    ])
    expect(await screen.findByRole('heading', { name: '3 replies' })).toBeVisible()
    const [one, two, three] = await items()
    expect(one).toHaveAttribute('id', `reply-${replyId(1)}`)
    // The body is Markdown, through the article's sanitising renderer.
    expect(await within(one!).findByText('1', { selector: 'strong' })).toBeVisible()
    expect(within(one!).getByRole('link', { name: '小明' })).toHaveAttribute(
      'href',
      '/profile/u-ming',
    )
    expect(within(one!).getByRole('link', { name: /2026/ })).toHaveAttribute(
      'href',
      `#reply-${replyId(1)}`,
    )
    const quote = two!.querySelector('blockquote') as HTMLElement
    expect(quote).toHaveTextContent('小明')
    expect(quote).toHaveTextContent('Reply 1')
    expect(await within(two!).findByText('Agreed')).toBeVisible()
    expect(three!.querySelector('blockquote')).toHaveTextContent('This reply was deleted')
  })

  it('loads the next replies with “Load more replies”', async () => {
    const { user } = renderThread([reply(1, ming), reply(2, ming), reply(3, ming)], {
      pageSize: 2,
    })
    expect(await items()).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Load more replies' }))
    await waitFor(async () => expect(await items()).toHaveLength(3))
    expect(screen.queryByRole('button', { name: 'Load more replies' })).not.toBeInTheDocument()
  })

  it('sends a reply: it goes last, the count goes up and the draft is cleared', async () => {
    const { user, bodies } = renderThread([reply(1, ming)])
    const box = await screen.findByRole('textbox', { name: 'Your reply' })
    const send = screen.getByRole('button', { name: 'Reply' })
    expect(send).toBeDisabled()
    await user.type(box, 'Hello **all**')
    expect(screen.getByText('13/5000')).toBeVisible()
    expect(JSON.parse(localStorage.getItem(replyDraftKey(lily.id, ARTICLE))!)).toMatchObject({
      body: 'Hello **all**',
    })
    await user.click(send)
    await waitFor(async () => expect(await items()).toHaveLength(2))
    expect(bodies('POST', REPLIES)).toEqual([{ body: 'Hello **all**', quoteId: null }])
    expect(
      await within((await items())[1]!).findByText('all', { selector: 'strong' }),
    ).toBeVisible()
    expect(screen.getByRole('heading', { name: '2 replies' })).toBeVisible()
    expect(box).toHaveValue('')
    expect(localStorage.getItem(replyDraftKey(lily.id, ARTICLE))).toBeNull()
  })

  it('marks one’s reply the server holds for review, and one a moderator hid', async () => {
    const { user } = renderThread([reply(1, lily, { withheld: 'hidden' }), reply(2, ming)], {
      routes: {
        [`POST ${REPLIES}`]: () => ({
          status: 201,
          body: {
            success: true,
            reply: reply(9, lily, { body: 'Cheap watches', withheld: 'held' }),
          },
        }),
      },
    })
    const [hidden, shown] = await items()
    expect(within(hidden!).getByText('Hidden')).toBeVisible()
    expect(hidden).toHaveTextContent('A moderator hid this; only you can see it.')
    expect(within(shown!).queryByText('Hidden')).toBeNull()
    expect(within(shown!).queryByText('Under review')).toBeNull()

    await user.type(await screen.findByRole('textbox', { name: 'Your reply' }), 'Cheap watches')
    await user.click(screen.getByRole('button', { name: 'Reply' }))
    await waitFor(async () => expect(await items()).toHaveLength(3))
    const held = (await items())[2]!
    expect(within(held).getByText('Under review')).toBeVisible()
    expect(held).toHaveTextContent('Only you can see this until a moderator reviews it.')
  })

  it('keeps the text and shows the server’s message when sending fails; the draft survives a reload', async () => {
    const { user, server } = renderThread([])
    server.state.failNext = {
      status: 429,
      body: {
        success: false,
        code: 'rate_limited',
        message: 'Too many replies; try again in 30 s',
      },
    }
    const box = await screen.findByRole('textbox', { name: 'Your reply' })
    await user.type(box, 'Not lost')
    await user.click(screen.getByRole('button', { name: 'Reply' }))
    expect(await screen.findByText('Too many replies; try again in 30 s')).toBeVisible()
    expect(box).toHaveValue('Not lost')
    expect(screen.getByRole('button', { name: 'Reply' })).toBeEnabled()

    cleanup()
    renderThread([])
    expect(await screen.findByRole('textbox', { name: 'Your reply' })).toHaveValue('Not lost')
  })

  it('quotes a reply: the chip names its author, the form gets the focus, the reply sends its id', async () => {
    const { user, bodies } = renderThread([reply(1, ming)])
    const [one] = await items()
    await user.click(within(one!).getByRole('button', { name: 'Quote' }))
    expect(screen.getByText('Quoting 小明')).toBeVisible()
    expect(form()).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Remove the quote' }))
    expect(screen.queryByText('Quoting 小明')).not.toBeInTheDocument()

    await user.click(within(one!).getByRole('button', { name: 'Quote' }))
    await user.type(form()!, 'Yes')
    await user.click(screen.getByRole('button', { name: 'Reply' }))
    await waitFor(async () => expect(await items()).toHaveLength(2))
    expect(bodies('POST', REPLIES)).toEqual([{ body: 'Yes', quoteId: replyId(1) }])
    expect((await items())[1]!.querySelector('blockquote')).toHaveTextContent('小明')
    expect(screen.queryByText('Quoting 小明')).not.toBeInTheDocument()
  })

  it('deletes one’s own reply after the confirmation; another’s has no delete for a member', async () => {
    const { user, calls } = renderThread([reply(1, ming), reply(2, lily)])
    const [theirs, mine] = await items()
    expect(within(theirs!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    await user.click(within(mine!).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this reply?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(async () => expect(await items()).toHaveLength(1))
    expect(calls('DELETE', `${REPLIES}/${replyId(2)}`)).toHaveLength(1)
    expect(await screen.findByText('The reply was deleted.')).toBeVisible()
    expect(screen.getByRole('heading', { name: '1 reply' })).toBeVisible()
  })

  it('shows the server’s refusal of a delete and keeps the reply', async () => {
    const { user } = renderThread([reply(1, lily)], {
      routes: {
        [`DELETE ${REPLIES}/${replyId(1)}`]: () => ({
          status: 403,
          body: {
            success: false,
            code: 'group_role_not_allowed',
            message: 'Your role does not allow this',
          },
        }),
      },
    })
    await user.click(within((await items())[0]!).getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this reply?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Your role does not allow this')).toBeVisible()
    expect(await items()).toHaveLength(1)
  })

  it('gives the group’s managers delete on every reply', async () => {
    renderThread([reply(1, ming)], {
      home: group({
        canManage: true,
        membership: { role: 'admin', state: 'active', since: '2026-01-02T00:00:00Z' },
      }),
    })
    const [theirs] = await items()
    expect(within(theirs!).getByRole('button', { name: 'Delete' })).toBeVisible()
  })

  it('a manager deleting someone else’s reply may give its author a reason; one’s own asks none', async () => {
    const { user, calls } = renderThread([reply(1, ming), reply(2, lily)], {
      home: group({
        canManage: true,
        membership: { role: 'admin', state: 'active', since: '2026-01-02T00:00:00Z' },
      }),
    })
    const [theirs, mine] = await items()
    await user.click(within(mine!).getByRole('button', { name: 'Delete' }))
    const own = await screen.findByRole('alertdialog', { name: 'Delete this reply?' })
    expect(within(own).queryByRole('textbox')).not.toBeInTheDocument()
    await user.click(within(own).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())

    await user.click(within(theirs!).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this reply?' })
    expect(dialog).toHaveTextContent('Its author is told, with your reason if you give one.')
    const reason = within(dialog).getByRole('textbox', {
      name: 'Reason (optional, shown to the author)',
    })
    const remove = within(dialog).getByRole('button', { name: 'Delete' })
    fireEvent.change(reason, { target: { value: '长'.repeat(501) } })
    expect(within(dialog).getByText('501/500')).toBeVisible()
    expect(remove).toBeDisabled()
    fireEvent.change(reason, { target: { value: '长'.repeat(500) } })
    expect(within(dialog).getByText('500/500')).toBeVisible()
    expect(remove).toBeEnabled()
    await user.clear(reason)
    await user.type(reason, 'Please keep it civil')
    await user.click(remove)
    await waitFor(async () => expect(await items()).toHaveLength(1))
    const [sent] = calls('DELETE', `${REPLIES}/${replyId(1)}`)
    expect(new URL(String(sent![0]), location.href).searchParams.get('reason')).toBe(
      'Please keep it civil',
    )
    expect(await screen.findByText('The reply was deleted.')).toBeVisible()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('keeps the reason typed and shows the server’s refusal in the dialog', async () => {
    const { user } = renderThread([reply(1, ming)], {
      home: group({
        canManage: true,
        membership: { role: 'owner', state: 'active', since: '2026-01-02T00:00:00Z' },
      }),
      routes: {
        [`DELETE ${REPLIES}/${replyId(1)}`]: () => ({
          status: 422,
          body: { success: false, code: 'invalid_message', message: 'The reason is too long' },
        }),
      },
    })
    await user.click(within((await items())[0]!).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this reply?' })
    const reason = within(dialog).getByRole('textbox', {
      name: 'Reason (optional, shown to the author)',
    })
    await user.type(reason, 'Spam')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByText('The reason is too long')).toBeVisible()
    expect(reason).toHaveValue('Spam')
    // The list is hidden from the accessibility tree behind the dialog: the reply is still there.
    expect(document.getElementById(`reply-${replyId(1)}`)).toBeInTheDocument()
  })

  it('closes and reopens the replies for those who may edit the article', async () => {
    const { user, bodies } = renderThread([reply(1, ming)])
    expect(await screen.findByRole('textbox', { name: 'Your reply' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Close replies' }))
    expect(await screen.findByText('Replies are closed.')).toBeVisible()
    expect(form()).not.toBeInTheDocument()
    expect(within((await items())[0]!).queryByRole('button', { name: 'Quote' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Reopen replies' }))
    expect(await screen.findByRole('textbox', { name: 'Your reply' })).toBeVisible()
    expect(bodies('PUT', `${REPLIES}/lock`)).toEqual([{ locked: true }, { locked: false }])
  })

  it('shows locked replies without a form, and no toggle for those who may not edit', async () => {
    renderThread([reply(1, lily)], {
      viewer: ming,
      locked: true,
      shown: published({ replyCount: 1, mayEdit: false }),
    })
    expect(await screen.findByText('Replies are closed.')).toBeVisible()
    expect(await items()).toHaveLength(1)
    expect(form()).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /replies$/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Quote' })).not.toBeInTheDocument()
  })

  it('asks a visitor to log in to reply, and opens the login dialog', async () => {
    const { user } = renderThread([reply(1, ming)], {
      viewer: null,
      home: group({ membership: null }),
      shown: published({ replyCount: 1, mayEdit: false }),
    })
    await user.click(await screen.findByRole('button', { name: 'Log in to reply' }))
    expect(await screen.findByRole('dialog', { name: 'Log in to Courtyard' })).toBeVisible()
    expect(form()).not.toBeInTheDocument()
  })

  it('asks a signed-in outsider to join', async () => {
    renderThread([], {
      viewer: ming,
      home: group({ membership: null }),
      shown: published({ mayEdit: false }),
    })
    expect(await screen.findByRole('link', { name: 'Join the group to reply' })).toHaveAttribute(
      'href',
      `/group/${GROUP}/join`,
    )
  })

  it('shows a draft article without replies or form, and does not ask for them', async () => {
    const { calls } = renderThread([], { shown: article() })
    expect(await screen.findByText('Draft')).toBeVisible()
    expect(form()).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Close replies' })).not.toBeInTheDocument()
    expect(calls('GET', REPLIES)).toHaveLength(0)
  })

  describe('edits', () => {
    const editBox = () => screen.getByRole('textbox', { name: 'Edit your reply' })

    it('edits one’s own reply in place: it shows “edited” with the time, and its earlier text in the versions', async () => {
      const { user, bodies } = renderThread([
        reply(1, ming),
        reply(2, lily, { body: 'First take' }),
      ])
      const [theirs, mine] = await items()
      expect(within(theirs!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()
      expect(within(mine!).queryByText('edited')).not.toBeInTheDocument()
      expect(
        within(mine!).queryByRole('button', { name: 'Earlier versions' }),
      ).not.toBeInTheDocument()

      await user.click(within(mine!).getByRole('button', { name: 'Edit' }))
      expect(editBox()).toHaveValue('First take')
      expect(editBox()).toHaveFocus()
      await user.clear(editBox())
      await user.type(editBox(), 'Second **take**')
      await user.click(within(mine!).getByRole('button', { name: 'Save' }))

      expect(await within(mine!).findByText('take', { selector: 'strong' })).toBeVisible()
      expect(bodies('PATCH', `${REPLIES}/${replyId(2)}`)).toEqual([
        { body: 'Second **take**', version: 1 },
      ])
      expect(screen.queryByRole('textbox', { name: 'Edit your reply' })).not.toBeInTheDocument()
      expect(within(mine!).getByText(/edited/)).toBeVisible()
      expect(mine!.querySelector('time[datetime="2026-03-04T09:30:00Z"]')).not.toBeNull()
      expect(await screen.findByText('Your reply was saved.')).toBeVisible()

      await user.click(within(mine!).getByRole('button', { name: 'Earlier versions' }))
      const dialog = await screen.findByRole('dialog', { name: 'Versions of this reply' })
      const versions = within(
        await within(dialog).findByRole('list', { name: 'Versions of this reply' }),
      ).getAllByRole('listitem')
      expect(versions).toHaveLength(2)
      expect(versions[0]).toHaveTextContent('Version 2')
      expect(versions[0]).toHaveTextContent('Current')
      expect(versions[0]).toHaveTextContent('Second **take**')
      expect(versions[1]).toHaveTextContent('Version 1')
      expect(versions[1]).toHaveTextContent('First take')
    })

    it('keeps the typed text on a stale edit (409), says why, and saves from the newer version next', async () => {
      const { user, bodies, server } = renderThread([reply(1, lily, { body: 'Mine' })])
      const [mine] = await items()
      await user.click(within(mine!).getByRole('button', { name: 'Edit' }))
      // Another tab edits it meanwhile.
      server.state.replies[0] = {
        ...server.state.replies[0]!,
        body: 'Edited elsewhere',
        version: 2,
        editedAt: '2026-03-04T08:00:00Z',
      }
      await user.clear(editBox())
      await user.type(editBox(), 'My new words')
      await user.click(within(mine!).getByRole('button', { name: 'Save' }))
      expect(
        await screen.findByText(/This reply was changed after you started editing/),
      ).toBeVisible()
      expect(editBox()).toHaveValue('My new words')
      await user.click(screen.getByText('The reply as it is now'))
      expect(screen.getByText('Edited elsewhere')).toBeVisible()

      await user.click(within(mine!).getByRole('button', { name: 'Save' }))
      await waitFor(() =>
        expect(screen.queryByRole('textbox', { name: 'Edit your reply' })).not.toBeInTheDocument(),
      )
      expect(bodies('PATCH', `${REPLIES}/${replyId(1)}`)).toEqual([
        { body: 'My new words', version: 1 },
        { body: 'My new words', version: 2 },
      ])
      expect(await within(mine!).findByText('My new words')).toBeVisible()
    })

    it('cancels an edit with Escape or “Cancel”, changing nothing', async () => {
      const { user, calls } = renderThread([reply(1, lily, { body: 'Stay' })])
      const [mine] = await items()
      await user.click(within(mine!).getByRole('button', { name: 'Edit' }))
      await user.type(editBox(), ' more')
      await user.keyboard('{Escape}')
      expect(screen.queryByRole('textbox', { name: 'Edit your reply' })).not.toBeInTheDocument()
      await user.click(within(mine!).getByRole('button', { name: 'Edit' }))
      await user.click(within(mine!).getByRole('button', { name: 'Cancel' }))
      expect(await within(mine!).findByText('Stay')).toBeVisible()
      expect(calls('PATCH', `${REPLIES}/${replyId(1)}`)).toHaveLength(0)
    })

    it('shows managers the versions of another’s edited reply, but no edit; a locked thread takes no edit', async () => {
      renderThread([reply(1, ming, { version: 2, editedAt: '2026-03-04T08:00:00Z' })], {
        home: group({
          canManage: true,
          membership: { role: 'admin', state: 'active', since: '2026-01-02T00:00:00Z' },
        }),
      })
      const [theirs] = await items()
      expect(within(theirs!).getByText(/edited/)).toBeVisible()
      expect(within(theirs!).getByRole('button', { name: 'Earlier versions' })).toBeVisible()
      expect(within(theirs!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()

      cleanup()
      renderThread([reply(1, lily, { version: 2, editedAt: '2026-03-04T08:00:00Z' })], {
        locked: true,
      })
      const [mine] = await items()
      expect(within(mine!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()
      expect(within(mine!).getByRole('button', { name: 'Earlier versions' })).toBeVisible()
    })

    it('hides another member’s versions from a member', async () => {
      renderThread([reply(1, ming, { version: 2, editedAt: '2026-03-04T08:00:00Z' })])
      const [theirs] = await items()
      expect(within(theirs!).getByText(/edited/)).toBeVisible()
      expect(
        within(theirs!).queryByRole('button', { name: 'Earlier versions' }),
      ).not.toBeInTheDocument()
    })
  })
})

describe('a link to one reply (#reply-<id>)', () => {
  let scrolled: Element[] = []
  beforeEach(() => {
    scrolled = []
    // jsdom has no scrolling: note which element was asked to come into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
  })

  it('loads the pages of replies up to it (past the first 20), scrolls it into view and marks it', async () => {
    const thread = Array.from({ length: 25 }, (_, i) => reply(i + 1, i % 2 ? lily : ming))
    const target = thread[21]!
    const { calls } = renderThread(thread, {
      pageSize: 20,
      path: `${DISPLAY}#reply-${target.id.toUpperCase()}`,
    })
    await waitFor(() => expect(scrolled).toHaveLength(1))
    const item = scrolled[0]!
    expect(item).toHaveAttribute('id', `reply-${target.id}`)
    expect(item).toHaveAttribute('data-targeted')
    expect(within(item as HTMLElement).getByRole('article')).toHaveAccessibleName('Reply by Lily')
    expect(calls('GET', REPLIES)).toHaveLength(2)
    expect(await items()).toHaveLength(25)
    expect((await items())[0]).not.toHaveAttribute('data-targeted')
  })

  it('stops looking when the reply is on no page (deleted since)', async () => {
    const { calls } = renderThread(
      Array.from({ length: 3 }, (_, i) => reply(i + 1, ming)),
      { pageSize: 2, path: `${DISPLAY}#reply-${replyId(99)}` },
    )
    await waitFor(async () => expect(await items()).toHaveLength(3))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls('GET', REPLIES)).toHaveLength(2)
    expect(scrolled).toEqual([])
    expect(screen.getByRole('heading', { name: '3 replies' })).toBeVisible()
  })

  it('is not a reply’s link when it names something else (an editor, another kind)', async () => {
    const { calls } = renderThread(
      Array.from({ length: 3 }, (_, i) => reply(i + 1, ming)),
      { pageSize: 2, path: `${DISPLAY}#reply-edit-${replyId(3)}` },
    )
    expect(await items()).toHaveLength(2)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls('GET', REPLIES)).toHaveLength(1)
    expect(scrolled).toEqual([])
  })
})

describe('images in replies', () => {
  const UPLOAD = `/api/groups/${GROUP}/gallery?articleId=${ARTICLE}`
  const png = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' })
  const stored = (n: number) => ({
    success: true,
    image: image(n, { width: 40, height: 30, articleId: ARTICLE, ownerId: ming.id }),
  })
  const markdown = (n: number, alt: string) => `![${alt}](${image(n).url}#40x30)`
  const kept = () =>
    (
      JSON.parse(localStorage.getItem(replyDraftKey(lily.id, ARTICLE)) ?? 'null') as {
        body: string
      } | null
    )?.body

  it('uploads chosen images for the article; Reply waits for them, then sends the image Markdown', async () => {
    const xhr = stubXhr()
    const { user, bodies } = renderThread([])
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' })
    await user.type(box, 'Look:')
    const add = screen.getByRole('button', { name: 'Add images' })
    expect(add.closest('form')).toBe(box.closest('form'))
    const input = box.closest('form')!.querySelector<HTMLInputElement>('input[type="file"]')!
    expect(input).toHaveAttribute('multiple')
    await user.upload(input, png('shelf.png'))

    expect(box).toHaveValue('Look:\n\n![Uploading shelf.png…]()')
    expect(xhr.requests[0]!.path).toBe(UPLOAD)
    const send = screen.getByRole('button', { name: 'Reply' })
    expect(send).toBeDisabled()
    expect(screen.getAllByText('Uploading 1 image…')[0]).toBeVisible()
    // What is kept across a reload leaves the placeholder out: the upload does not survive it.
    expect(kept()).toBe('Look:')

    act(() => xhr.requests[0]!.respond(201, stored(1)))
    await waitFor(() => expect(box).toHaveValue(`Look:\n\n${markdown(1, 'shelf')}`))
    expect(kept()).toBe(`Look:\n\n${markdown(1, 'shelf')}`)
    expect(send).toBeEnabled()
    await user.click(send)
    await waitFor(() => expect(bodies('POST', REPLIES)).toHaveLength(1))
    expect(bodies('POST', REPLIES)[0]).toEqual({
      body: `Look:\n\n${markdown(1, 'shelf')}`,
      quoteId: null,
    })
    const [sent] = await items()
    // Rendered by the sanitising renderer, the size taken from the fragment.
    expect(await within(sent!).findByRole('img', { name: 'shelf' })).toHaveAttribute(
      'src',
      image(1).url,
    )
  })

  it('a refused upload says why and takes its placeholder away; the image Markdown survives a reload', async () => {
    const xhr = stubXhr()
    renderThread([])
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' })
    fireEvent.paste(box, { clipboardData: { files: [png('a.png')], types: ['Files'] } })
    fireEvent.drop(box, { dataTransfer: { files: [png('b.gif')], types: ['Files'] } })
    expect(box).toHaveValue('![Uploading a.png…]()\n\n![Uploading b.gif…]()')
    expect(screen.getAllByText('Uploading 2 images…')[0]).toBeVisible()

    act(() =>
      xhr.requests[1]!.respond(415, {
        success: false,
        code: 'unsupported_image_type',
        message: 'Only JPEG, PNG, WebP and GIF images are accepted',
      }),
    )
    expect(
      await screen.findByText(
        'Could not upload b.gif: Only JPEG, PNG, WebP and GIF images are accepted',
      ),
    ).toBeVisible()
    await waitFor(() => expect(box).toHaveValue('![Uploading a.png…]()'))
    act(() => xhr.requests[0]!.respond(201, stored(2)))
    await waitFor(() => expect(box).toHaveValue(markdown(2, 'a')))

    cleanup()
    renderThread([])
    expect(await screen.findByRole('textbox', { name: 'Your reply' })).toHaveValue(markdown(2, 'a'))
  })

  it('puts an image of the group’s gallery at the caret', async () => {
    const { user } = renderThread([], { routes: galleryRoutes([[image(4)]]) })
    const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' })
    await user.type(box, 'AB')
    box.setSelectionRange(1, 1)
    await user.click(screen.getByRole('button', { name: 'From the gallery' }))
    const dialog = await screen.findByRole('dialog', { name: "Choose from the group's gallery" })
    await user.click(await within(dialog).findByRole('button', { name: /^Insert the image/ }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(box).toHaveValue(`A\n\n![image](${image(4).url}#1600x1200)\n\nB`)
  })

  it('takes images in the inline editor too, and saves once they are in', async () => {
    const xhr = stubXhr()
    const { user, bodies } = renderThread([reply(1, lily, { body: 'Old' })])
    const [mine] = await items()
    await user.click(within(mine!).getByRole('button', { name: 'Edit' }))
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Edit your reply' })
    box.setSelectionRange(3, 3)
    fireEvent.paste(box, { clipboardData: { files: [png('new.png')], types: ['Files'] } })
    expect(box).toHaveValue('Old\n\n![Uploading new.png…]()')
    expect(xhr.requests[0]!.path).toBe(UPLOAD)
    const save = within(mine!).getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    act(() => xhr.requests[0]!.respond(201, stored(5)))
    await waitFor(() => expect(save).toBeEnabled())
    await user.click(save)
    await waitFor(() => expect(bodies('PATCH', `${REPLIES}/${replyId(1)}`)).toHaveLength(1))
    expect(bodies('PATCH', `${REPLIES}/${replyId(1)}`)[0]).toEqual({
      body: `Old\n\n${markdown(5, 'new')}`,
      version: 1,
    })
  })
})
