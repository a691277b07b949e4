import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, renderGroupsApp, type Handler } from '@/test/fake-api.tsx'
import type { PlazaComment, PlazaPost } from '@/lib/api/types.ts'
import { signedIn, signedOut } from '../test/fixtures.ts'

afterEach(async () => {
  vi.unstubAllGlobals()
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const ID = '00000000-0000-4000-8000-000000000001'
const PATH = `/api/plaza/posts/${ID}`

function post(overrides: Partial<PlazaPost> = {}): PlazaPost {
  return {
    id: ID,
    author: { id: 'a', username: 'ming', nickname: '小明', avatarUrl: null },
    body: 'Sunny in Chengdu\nsecond line',
    images: [],
    removedImages: 0,
    district: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    likeCount: 2,
    commentCount: 1,
    liked: false,
    canDelete: false,
    version: 1,
    editedAt: null,
    canEdit: false,
    canSeeVersions: false,
    withheld: null,
    ...overrides,
  }
}

function comment(n: number, body: string): PlazaComment {
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    postId: ID,
    author: { id: 'b', username: 'hua', nickname: 'Hua', avatarUrl: null },
    body,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    canDelete: false,
    version: 1,
    editedAt: null,
    canEdit: false,
    canSeeVersions: false,
    withheld: null,
  }
}

const comments = (...list: PlazaComment[]) => ({
  body: { success: true, comments: list, nextCursor: null },
})

function routes(extra: Record<string, Handler>): Record<string, Handler> {
  return {
    'GET /api/auth/token': () => ({ body: signedOut }),
    [`GET ${PATH}`]: () => ({ body: { success: true, post: post() } }),
    [`GET ${PATH}/comments`]: () => comments(comment(1, 'Lovely weather!')),
    ...extra,
  }
}

describe('/plaza/post/$postId', () => {
  it('shows the post as the feed does, its comments open, and the way back', async () => {
    const { user, router } = renderGroupsApp(`/plaza/post/${ID}`, routes({}))
    expect(await screen.findByRole('heading', { level: 1, name: 'Post by 小明' })).toBeVisible()
    const article = screen.getByRole('article')
    expect(within(article).getByText(/Sunny in Chengdu/).textContent).toBe(
      'Sunny in Chengdu\nsecond line',
    )
    const region = within(article).getByRole('region', { name: 'Comments' })
    expect(await within(region).findByText('Lovely weather!')).toBeVisible()
    expect(within(article).getByRole('button', { name: '1 comment' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    // A visitor is asked to log in to comment or like.
    expect(within(region).getByRole('button', { name: 'Log in to comment' })).toBeVisible()
    // The time links to this very page.
    expect(within(article).getByRole('link', { name: /5 minutes ago/ })).toHaveAttribute(
      'href',
      `/plaza/post/${ID}`,
    )

    await user.click(screen.getByRole('link', { name: 'Back to the plaza' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/plaza'))
  })

  it('signed in: comments there, and the like counts', async () => {
    const { user, calls } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        'GET /api/auth/token': () => ({ body: signedIn }),
        [`POST ${PATH}/comments`]: (request) => ({
          status: 201,
          body: {
            success: true,
            comment: { ...comment(2, (request.body as { body: string }).body), canDelete: true },
          },
        }),
        [`PUT ${PATH}/like`]: () => ({ body: { success: true, liked: true, likeCount: 3 } }),
      }),
    )
    const article = await screen.findByRole('article')
    const box = await within(article).findByRole('textbox', { name: 'Write a comment' })
    await user.type(box, 'Same here!')
    await user.click(within(article).getByRole('button', { name: 'Comment' }))
    const region = within(article).getByRole('region', { name: 'Comments' })
    expect(await within(region).findByText('Same here!')).toBeVisible()
    expect(calls('POST', `${PATH}/comments`)[0]!.body).toEqual({ body: 'Same here!' })
    expect(within(article).getByRole('button', { name: '2 comments' })).toBeVisible()
    expect(box).toHaveValue('')

    const like = within(article).getByRole('button', { name: 'Like · 2 likes' })
    await user.click(like)
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'))
    expect(like).toHaveAccessibleName('Like · 3 likes')
  })

  it('copies the post’s absolute address, and shows it when the clipboard refuses', async () => {
    const { user } = renderGroupsApp(`/plaza/post/${ID}`, routes({}))
    const copy = await screen.findByRole('button', { name: 'Copy link' })
    await user.click(copy)
    expect(await screen.findByText('Link copied')).toBeVisible()
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/plaza/post/${ID}`)

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await user.click(copy)
    expect(
      await screen.findByText('Could not copy the link. Its address is in the details.'),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Details' }))
    expect(screen.getByText(`${window.location.origin}/plaza/post/${ID}`)).toBeVisible()
  })

  it('says plainly that a deleted post is not here, with the way to the plaza', async () => {
    renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({ [`GET ${PATH}`]: () => apiError(404, 'not_found', 'Not found.') }),
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This post is not here' }),
    ).toBeVisible()
    expect(screen.getByText('It may have been deleted, or the link is mistyped.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to the plaza' })).toHaveAttribute('href', '/plaza')
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument()
  })

  it('does not ask the server for an id that is no post’s', async () => {
    const { requests } = renderGroupsApp('/plaza/post/not-an-id', routes({}))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This post is not here' }),
    ).toBeVisible()
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/plaza'))).toEqual([])
  })

  it('offers to try again when the post could not be loaded', async () => {
    let failing = true
    const { user } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        [`GET ${PATH}`]: () =>
          failing
            ? apiError(503, 'unavailable', 'The service is unavailable.')
            : { body: { success: true, post: post() } },
      }),
    )
    expect(
      await screen.findByText('The post could not be loaded: The service is unavailable.'),
    ).toBeVisible()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Post by 小明' })).toBeVisible()
  })

  it('lets the signed-in report an image of another’s post from the lightbox', async () => {
    const photo = {
      id: '00000000-0000-4000-8000-0000000000f1',
      url: '/api/media/00000000-0000-4000-8000-0000000000f1',
      thumbnailUrl: '/api/media/00000000-0000-4000-8000-0000000000f1/thumbnail',
      width: 800,
      height: 600,
    }
    const reports: unknown[] = []
    const { user } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        'GET /api/auth/token': () => ({ body: signedIn }),
        [`GET ${PATH}`]: () => ({ body: { success: true, post: post({ images: [photo] }) } }),
        'POST /api/reports': (request) => {
          reports.push(request.body)
          return { status: 201, body: { success: true, message: 'Thank you.' } }
        },
      }),
    )
    await user.click(await screen.findByRole('button', { name: /Image 1 of 1/ }))
    const box = await screen.findByRole('dialog', { name: 'Image 1 of 1' })
    await user.click(within(box).getByRole('button', { name: 'Report' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this image' })
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await waitFor(() => expect(reports).toEqual([{ kind: 'image', id: photo.id, reason: 'spam' }]))
  })

  it('offers no report on the images of one’s own post', async () => {
    const photo = {
      id: '00000000-0000-4000-8000-0000000000f1',
      url: '/api/media/f1',
      thumbnailUrl: '/api/media/f1/thumbnail',
      width: 800,
      height: 600,
    }
    const mine = post({ images: [photo], author: { ...post().author, id: signedIn.user.id } })
    const { user } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        'GET /api/auth/token': () => ({ body: signedIn }),
        [`GET ${PATH}`]: () => ({ body: { success: true, post: mine } }),
      }),
    )
    await user.click(await screen.findByRole('button', { name: /Image 1 of 1/ }))
    const box = await screen.findByRole('dialog', { name: 'Image 1 of 1' })
    expect(within(box).queryByRole('button', { name: 'Report' })).toBeNull()
  })

  it('goes back to the plaza after its author deletes it', async () => {
    const { user, router } = renderGroupsApp(
      `/plaza/post/${ID}`,
      routes({
        'GET /api/auth/token': () => ({ body: signedIn }),
        [`GET ${PATH}`]: () => ({ body: { success: true, post: post({ canDelete: true }) } }),
        [`DELETE ${PATH}`]: () => ({ body: { success: true } }),
        'GET /api/plaza/posts': () => ({
          body: { success: true, posts: [], nextCursor: null, headCursor: null },
        }),
        'GET /api/districts': () => ({ body: { success: true, districts: [], nextCursor: null } }),
      }),
    )
    await user.click(await screen.findByRole('button', { name: 'Delete post' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Delete post' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/plaza'))
    expect(await screen.findByText('The post was deleted.')).toBeVisible()
  })
})

describe('a link to one comment (#comment-<id>)', () => {
  it('loads the pages of comments up to it, scrolls it into view and marks it', async () => {
    const scrolled: Element[] = []
    // jsdom has no scrolling: note which element was asked to come into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    const first = Array.from({ length: 20 }, (_, i) => comment(i + 1, `Comment ${i + 1}`))
    const target = comment(21, 'Look, @ana the lanterns')
    const { calls } = renderGroupsApp(
      `/plaza/post/${ID}#comment-${target.id}`,
      routes({
        [`GET ${PATH}/comments`]: (request) =>
          request.url.searchParams.get('cursor') === 'page-2'
            ? comments(target)
            : { body: { success: true, comments: first, nextCursor: 'page-2' } },
      }),
    )
    const region = await screen.findByRole('region', { name: 'Comments' })
    const item = (await within(region).findByText(/the lanterns/)).closest('li')!
    expect(item).toHaveAttribute('id', `comment-${target.id}`)
    await waitFor(() => expect(scrolled).toEqual([item]))
    expect(item).toHaveAttribute('data-targeted')
    const mention = within(item).getByRole('link', { name: '@ana' })
    expect(mention).toHaveAttribute('href', '/profile/@ana')
    expect(calls('GET', `${PATH}/comments`)).toHaveLength(2)
    expect(within(region).getByText('Comment 1').closest('li')).not.toHaveAttribute('data-targeted')
  })

  it('stops looking when the comment is on no page (deleted since)', async () => {
    const scrolled: Element[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    const { calls } = renderGroupsApp(
      `/plaza/post/${ID}#comment-00000000-0000-4000-9000-000000000099`,
      routes({
        [`GET ${PATH}/comments`]: (request) =>
          request.url.searchParams.get('cursor') === 'page-2'
            ? comments(comment(2, 'Second page'))
            : { body: { success: true, comments: [comment(1, 'First')], nextCursor: 'page-2' } },
      }),
    )
    expect(await screen.findByText('Second page')).toBeVisible()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls('GET', `${PATH}/comments`)).toHaveLength(2)
    expect(scrolled).toEqual([])
  })
})

describe('a link to one comment, in the feed', () => {
  it('is not looked for there: opening a post’s comments loads one page', async () => {
    const scrolled: Element[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    const { user, calls } = renderGroupsApp(
      '/plaza#comment-00000000-0000-4000-9000-000000000099',
      routes({
        'GET /api/plaza/posts': () => ({
          body: { success: true, posts: [post()], nextCursor: null, headCursor: 'h' },
        }),
        'GET /api/plaza/posts/new-count': () => ({ body: { success: true, count: 0 } }),
        'GET /api/districts': () => ({ body: { success: true, districts: [], nextCursor: null } }),
        [`GET ${PATH}/comments`]: () => ({
          body: { success: true, comments: [comment(1, 'First')], nextCursor: 'page-2' },
        }),
      }),
    )
    const feed = await screen.findByRole('feed', { name: 'Posts' })
    await user.click(await within(feed).findByRole('button', { name: '1 comment' }))
    expect(await within(feed).findByText('First')).toBeVisible()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls('GET', `${PATH}/comments`)).toHaveLength(1)
    expect(within(feed).getByRole('button', { name: 'Show more comments' })).toBeVisible()
    expect(scrolled).toEqual([])
  })
})

describe('links to a post’s page', () => {
  it('the feed: each post’s time opens its page, the post shown at once', async () => {
    let answer: () => void = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    const { user, router } = renderGroupsApp(
      '/plaza',
      routes({
        'GET /api/plaza/posts': () => ({
          body: { success: true, posts: [post()], nextCursor: null, headCursor: 'h' },
        }),
        'GET /api/plaza/posts/new-count': () => ({ body: { success: true, count: 0 } }),
        'GET /api/districts': () => ({ body: { success: true, districts: [], nextCursor: null } }),
        // The page's own request is held: the feed's copy of the post shows meanwhile.
        [`GET ${PATH}`]: async () => {
          await held
          return { body: { success: true, post: post({ likeCount: 5 }) } }
        },
      }),
    )
    const feed = await screen.findByRole('feed', { name: 'Posts' })
    const time = await within(feed).findByRole('link', { name: /5 minutes ago/ })
    expect(time).toHaveAttribute('href', `/plaza/post/${ID}`)
    await user.click(time)
    await waitFor(() => expect(router.state.location.pathname).toBe(`/plaza/post/${ID}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Post by 小明' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Like · 2 likes' })).toBeVisible()
    answer()
    expect(await screen.findByRole('button', { name: 'Like · 5 likes' })).toBeVisible()
  })
})
