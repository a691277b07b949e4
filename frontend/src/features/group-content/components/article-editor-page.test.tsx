import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubXhr } from '@/test/xhr.ts'
import {
  ARTICLE,
  article,
  articleApi,
  fakeTimerUser,
  GROUP,
  membersOnly,
  ming,
  renderGroupPage,
} from '../test/fixtures.ts'
import { AUTOSAVE_DELAY_MS } from './use-autosave.ts'

const EDIT = `/group/${GROUP}/article/${ARTICLE}/edit`
const SAVE = `/api/groups/${GROUP}/articles/${ARTICLE}`

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  // The day of the fixtures' saves: "Saved" shows the time of day (an earlier day, the date).
  vi.setSystemTime(new Date('2026-03-01T09:00:00Z'))
})

afterEach(async () => {
  vi.useRealTimers()
  // Let history traversals of closed modals finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

async function openEditor(
  initial = article(),
  options: Parameters<typeof renderGroupPage>[1] = {},
) {
  const server = articleApi(initial)
  const app = renderGroupPage(EDIT, { ...options, routes: { ...server.routes, ...options.routes } })
  const body = await screen.findByRole('textbox', { name: 'Text (Markdown)' })
  const title = screen.getByRole('textbox', { name: 'Title' })
  return { ...app, server, body: body as HTMLTextAreaElement, title, user: fakeTimerUser() }
}

const status = () =>
  screen.getByText(/^(Saved \d|Saving…|Unsaved changes|Not saved|Add a title|Changed elsewhere)/)

describe('the editor’s autosave', () => {
  it('saves 1.5 s after typing stops, with the version it loaded, and says when', async () => {
    const { body, user, calls, bodies } = await openEditor()
    expect(status()).toHaveTextContent(/^Saved \d\d:\d\d/)

    await user.type(body, ' A')
    expect(status()).toHaveTextContent('Unsaved changes')
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 300))
    await user.type(body, 'B')
    // The pause starts again at every keystroke.
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 300))
    expect(calls('PUT', SAVE)).toHaveLength(0)

    act(() => vi.advanceTimersByTime(300))
    await waitFor(() => expect(calls('PUT', SAVE)).toHaveLength(1))
    expect(bodies('PUT', SAVE)[0]).toEqual({
      title: '三月书单',
      body: '## 三月\n\n- 《活着》 AB',
      version: 1,
    })
    await waitFor(() => expect(status()).toHaveTextContent(/^Saved \d\d:\d\d/))
  })

  it('saves at once when the text loses focus, and the next save starts from the new version', async () => {
    const { body, title, user, calls, bodies } = await openEditor()
    await user.type(body, '!')
    await user.click(title)
    await waitFor(() => expect(calls('PUT', SAVE)).toHaveLength(1))

    await user.type(title, ' II')
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS))
    await waitFor(() => expect(calls('PUT', SAVE)).toHaveLength(2))
    expect(bodies('PUT', SAVE)[1]).toMatchObject({ title: '三月书单 II', version: 2 })
  })

  it('saves when the page is hidden', async () => {
    const { body, user, calls } = await openEditor()
    await user.type(body, '!')
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
    await waitFor(() => expect(calls('PUT', SAVE)).toHaveLength(1))
  })

  it('does not send a blank title, and says so', async () => {
    const { title, user, calls } = await openEditor()
    await user.clear(title)
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS))
    expect(await screen.findByText('Add a title to save')).toBeVisible()
    expect(screen.getByText('Enter a title')).toBeVisible()
    expect(calls('PUT', SAVE)).toHaveLength(0)
  })

  it('shows a failed save with the server’s message and retries it', async () => {
    let fail = true
    const { body, user, calls } = await openEditor(article(), {
      routes: {
        [`PUT ${SAVE}`]: () =>
          fail
            ? {
                status: 422,
                body: { success: false, code: 'invalid_article_body', message: 'Too long' },
              }
            : { body: { success: true, article: article({ version: 2, body: 'x' }) } },
      },
    })
    await user.type(body, '!')
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS))
    expect(await screen.findByText('Not saved: Too long')).toBeVisible()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(calls('PUT', SAVE)).toHaveLength(2))
    await waitFor(() => expect(status()).toHaveTextContent(/^Saved/))
  })
})

describe('a save that someone else’s overtook (409 edit_conflict)', () => {
  async function conflict() {
    const editor = await openEditor()
    editor.server.saveElsewhere('Their title', 'Their text')
    await editor.user.type(editor.body, ' mine')
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS))
    const dialog = await screen.findByRole('alertdialog', {
      name: 'This article was changed elsewhere',
    })
    expect(within(dialog).getByText('Their title')).toBeVisible()
    return { ...editor, dialog }
  }

  it('is never overwritten silently: autosave stops until the user chooses', async () => {
    const { body, user, calls, dialog } = await conflict()
    expect(calls('PUT', SAVE)).toHaveLength(1)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    await user.type(body, ' more')
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2))
    expect(calls('PUT', SAVE)).toHaveLength(1)
    expect(status()).toHaveTextContent('Changed elsewhere: not saved')
    // "Resolve" brings the choice back.
    await user.click(screen.getByRole('button', { name: 'Resolve' }))
    expect(await screen.findByRole('alertdialog')).toBeVisible()
  })

  it('"Reload theirs" replaces the text with the article as it is now', async () => {
    const { body, title, user, calls, dialog } = await conflict()
    await user.click(within(dialog).getByRole('button', { name: 'Reload theirs' }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(body).toHaveValue('Their text')
    expect(title).toHaveValue('Their title')
    expect(status()).toHaveTextContent(/^Saved/)
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2))
    expect(calls('PUT', SAVE)).toHaveLength(1)
  })

  it('"Keep mine" saves this text over the current version', async () => {
    const { user, calls, bodies, dialog, server } = await conflict()
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }))
    await waitFor(() => expect(calls('PUT', SAVE)).toHaveLength(2))
    expect(bodies('PUT', SAVE)[1]).toEqual({
      title: '三月书单',
      body: '## 三月\n\n- 《活着》 mine',
      version: 2,
    })
    await waitFor(() => expect(status()).toHaveTextContent(/^Saved/))
    expect(server.current).toMatchObject({ body: '## 三月\n\n- 《活着》 mine', version: 3 })
  })
})

describe('images in the editor', () => {
  const uploaded = (name: string) => ({
    success: true,
    image: {
      id: `id-${name}`,
      url: `/api/media/id-${name}`,
      thumbnailUrl: `/api/media/id-${name}/thumbnail`,
      width: 40,
      height: 30,
      thumbWidth: 10,
      thumbHeight: 10,
      contentType: 'image/png',
      bytes: 10,
      ownerId: 'u-lily',
      articleId: ARTICLE,
      createdAt: '2026-03-01T06:00:00Z',
    },
  })
  const png = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' })

  it('uploads a chosen file for this article behind a placeholder, then links the image', async () => {
    const xhr = stubXhr()
    const { body, user } = await openEditor(article({ body: 'Intro' }))
    body.setSelectionRange(5, 5)
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    await user.upload(input, png('cover.png'))

    expect(body).toHaveValue('Intro\n\n![Uploading cover.png…]()')
    const request = xhr.requests[0]!
    expect(request.path).toBe(`/api/groups/${GROUP}/gallery?articleId=${ARTICLE}`)
    expect(request.requestHeaders['content-type']).toBe('application/octet-stream')
    act(() => request.respond(201, uploaded('cover')))
    await waitFor(() => expect(body).toHaveValue('Intro\n\n![cover](/api/media/id-cover#40x30)'))
  })

  it('takes pasted and dropped images; a refused one leaves no placeholder and a toast', async () => {
    const xhr = stubXhr()
    const { body } = await openEditor(article({ body: '' }))
    fireEvent.paste(body, { clipboardData: { files: [png('a.png')], types: ['Files'] } })
    expect(body).toHaveValue('![Uploading a.png…]()')
    fireEvent.drop(body, { dataTransfer: { files: [png('b.png')], types: ['Files'] } })
    expect(body).toHaveValue('![Uploading a.png…]()\n\n![Uploading b.png…]()')
    expect(xhr.requests).toHaveLength(2)

    act(() =>
      xhr.requests[1]!.respond(415, {
        success: false,
        code: 'unsupported_image_type',
        message: 'Only JPEG, PNG, WebP and GIF images are accepted',
      }),
    )
    await waitFor(() => expect(body).toHaveValue('![Uploading a.png…]()'))
    expect(
      await screen.findByText(
        'Could not upload b.png: Only JPEG, PNG, WebP and GIF images are accepted',
      ),
    ).toBeVisible()
    act(() => xhr.requests[0]!.respond(201, uploaded('a')))
    await waitFor(() => expect(body).toHaveValue('![a](/api/media/id-a#40x30)'))
  })

  it('leaves a pasted text alone', async () => {
    const xhr = stubXhr()
    const { body } = await openEditor(article({ body: '' }))
    fireEvent.paste(body, { clipboardData: { files: [], types: ['text/plain'] } })
    expect(xhr.requests).toHaveLength(0)
  })
})

describe('mentions in the editor', () => {
  const people = [{ id: ming.id, username: 'ming', nickname: '小明', avatarUrl: null }]

  it('completes @names of the group’s members as one types; the completed text is saved', async () => {
    const { body, user, bodies, fetchMock } = await openEditor(article({ body: '' }), {
      routes: {
        'GET /api/mentions/suggestions': () => ({ body: { success: true, people } }),
      },
    })
    await user.type(body, 'Thanks @mi')
    const list = await screen.findByRole('listbox', { name: /mention/i })
    expect(within(list).getByRole('option', { name: /小明/ })).toBeVisible()
    const asked = fetchMock.mock.calls.map(([input]) => String(input))
    expect(asked.some((url) => url.includes('q=mi') && url.includes(`groupId=${GROUP}`))).toBe(true)
    await user.keyboard('{Enter}')
    expect(body).toHaveValue('Thanks @ming ')
    expect(body.selectionStart).toBe('Thanks @ming '.length)
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS))
    await waitFor(() => expect(bodies('PUT', SAVE).at(-1)).toMatchObject({ body: 'Thanks @ming ' }))
  })
})

describe('publishing, deleting, leaving', () => {
  it('saves, then publishes; the badge and the button follow', async () => {
    const { body, user, calls } = await openEditor()
    await user.type(body, '!')
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(calls('POST', `${SAVE}/publish`)).toHaveLength(1))
    expect(calls('PUT', SAVE)).toHaveLength(1)
    expect(await screen.findByText("Published: the group's readers can see it now.")).toBeVisible()
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeVisible()
    // The next save starts from the version publishing gave.
    await user.type(body, '?')
    act(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS))
    await waitFor(() => expect(calls('PUT', SAVE)).toHaveLength(2))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('deletes after a confirmation and goes to the articles', async () => {
    const { user, calls, router } = await openEditor()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this article?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete article' }))
    await waitFor(() => expect(calls('DELETE', SAVE)).toHaveLength(1))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/group/${GROUP}/articles`))
  })

  it('deletes one’s own article without asking for a reason', async () => {
    const { user, calls } = await openEditor()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this article?' })
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete article' }))
    await waitFor(() => expect(calls('DELETE', SAVE)).toHaveLength(1))
    expect(new URL(String(calls('DELETE', SAVE)[0]![0]), location.href).search).toBe('')
  })

  it('a manager deleting someone else’s article may give its author a reason (≤ 500)', async () => {
    // Ming manages the group; the article is Lily's.
    const { user, calls, router } = await openEditor(article(), { viewer: ming })
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this article?' })
    expect(dialog).toHaveTextContent('Its author is told, with your reason if you give one.')
    const reason = within(dialog).getByRole('textbox', {
      name: 'Reason (optional, shown to the author)',
    })
    expect(within(dialog).getByText('0/500')).toBeVisible()
    const confirm = within(dialog).getByRole('button', { name: 'Delete article' })
    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } })
    expect(within(dialog).getByText('501/500')).toBeVisible()
    expect(reason).toHaveAttribute('aria-invalid', 'true')
    expect(confirm).toBeDisabled()
    await user.clear(reason)
    await user.type(reason, ' Off topic & ads ')
    await user.click(confirm)
    await waitFor(() => expect(calls('DELETE', SAVE)).toHaveLength(1))
    const sent = new URL(String(calls('DELETE', SAVE)[0]![0]), location.href)
    expect(sent.searchParams.get('reason')).toBe('Off topic & ads')
    await waitFor(() => expect(router.state.location.pathname).toBe(`/group/${GROUP}/articles`))
  })

  it('a manager unpublishing someone else’s article may tell its author why; one’s own asks none', async () => {
    const published = {
      ...article(),
      status: 'published' as const,
      publishedAt: '2026-03-01T06:10:00Z',
    }
    const { user, calls } = await openEditor(published, { viewer: ming })
    await user.click(screen.getByRole('button', { name: 'Unpublish' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Unpublish this article?' })
    expect(dialog).toHaveTextContent('Its author is told, with your reason if you give one.')
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional, shown to the author)' }),
      'Off topic',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }))
    await waitFor(() => expect(calls('POST', `${SAVE}/unpublish`)).toHaveLength(1))
    const sent = new URL(String(calls('POST', `${SAVE}/unpublish`)[0]![0]), location.href)
    expect(sent.searchParams.get('reason')).toBe('Off topic')
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeVisible()
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('unpublishes one’s own article at once, with no reason', async () => {
    const published = {
      ...article(),
      status: 'published' as const,
      publishedAt: '2026-03-01T06:10:00Z',
    }
    const { user, calls } = await openEditor(published)
    await user.click(screen.getByRole('button', { name: 'Unpublish' }))
    await waitFor(() => expect(calls('POST', `${SAVE}/unpublish`)).toHaveLength(1))
    expect(new URL(String(calls('POST', `${SAVE}/unpublish`)[0]![0]), location.href).search).toBe(
      '',
    )
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('saves before leaving; what cannot be saved asks first', async () => {
    const { title, user, calls, router } = await openEditor()
    await user.type(title, '!')
    await user.click(screen.getByRole('link', { name: 'View' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/group/${GROUP}/article/${ARTICLE}/display`),
    )
    expect(calls('PUT', SAVE)).toHaveLength(1)

    await user.click(await screen.findByRole('link', { name: 'Edit' }))
    const again = screen.getByRole('textbox', { name: 'Title' })
    await user.clear(again)
    await user.click(screen.getByRole('link', { name: 'View' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    await user.click(within(ask).getByRole('button', { name: 'Stay' }))
    expect(router.state.location.pathname).toBe(EDIT)
  })
})

describe('who may edit', () => {
  it('someone who may not edit gets a clear state and a way to read it', async () => {
    renderGroupPage(EDIT, {
      viewer: ming,
      routes: articleApi(article({ mayEdit: false, status: 'published' })).routes,
    })
    expect(await screen.findByText('You cannot edit this article')).toBeVisible()
    expect(screen.queryByRole('textbox', { name: 'Text (Markdown)' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Read it' })).toHaveAttribute(
      'href',
      `/group/${GROUP}/article/${ARTICLE}/display`,
    )
  })

  it('a visitor is asked to log in', async () => {
    renderGroupPage(EDIT, {
      viewer: null,
      routes: articleApi(article({ mayEdit: false, status: 'published' })).routes,
    })
    expect(await screen.findByText('You cannot edit this article')).toBeVisible()
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' })).toBeVisible()
  })

  it('an outsider of a private group gets the members-only state', async () => {
    renderGroupPage(EDIT, {
      viewer: ming,
      routes: { [`GET ${SAVE}`]: membersOnly },
    })
    expect(await screen.findByText('For members only')).toBeVisible()
  })

  it('an id that is not a UUID, or an article the server does not know, is the 404 page', async () => {
    renderGroupPage(`/group/${GROUP}/article/not-an-id/edit`)
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })

  it('an article the server does not know is the 404 page', async () => {
    renderGroupPage(EDIT, {
      routes: {
        [`GET ${SAVE}`]: () => ({
          status: 404,
          body: { success: false, code: 'not_found', message: 'Not found' },
        }),
      },
    })
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })
})
