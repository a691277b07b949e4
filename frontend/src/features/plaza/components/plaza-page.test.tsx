import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { apiError, renderGroupsApp, type Handler } from '@/test/fake-api.tsx'
import type { PlazaFeedPage, PlazaPost } from '@/lib/api/types.ts'
import { newCountQueryOptions } from '../api/count-new-posts.ts'
import { signedIn, signedOut } from '../test/fixtures.ts'

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

function post(n: number, overrides: Partial<PlazaPost> = {}): PlazaPost {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    author: { id: 'a', username: 'ming', nickname: '小明', avatarUrl: null },
    body: `Post number ${n}\nsecond line`,
    images: [],
    removedImages: 0,
    district: null,
    createdAt: new Date(Date.now() - 60_000 * n).toISOString(),
    likeCount: 0,
    commentCount: 0,
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

const feedPage = (
  posts: PlazaPost[],
  nextCursor: string | null = null,
): { body: PlazaFeedPage } => ({
  body: { success: true, posts, nextCursor, headCursor: posts[0] ? `head-${posts[0].id}` : null },
})

const provinces = {
  body: {
    success: true,
    nextCursor: null,
    districts: [
      {
        code: '510000',
        nameZh: '四川省',
        nameEn: 'Sichuan',
        level: 'province',
        parentCode: null,
        lat: 30.6,
        lon: 104.1,
        tile: null,
      },
    ],
  },
}

function routes(extra: Record<string, Handler>): Record<string, Handler> {
  return {
    'GET /api/auth/token': () => ({ body: signedOut }),
    'GET /api/districts': () => provinces,
    'GET /api/plaza/posts/new-count': () => ({ body: { success: true, count: 0 } }),
    ...extra,
  }
}

describe('the new-posts count', () => {
  it('is asked every 30 s while the page is visible, and only with a head', () => {
    const options = newCountQueryOptions('head-1', '510000')
    expect(options.refetchInterval).toBe(30_000)
    expect(options.refetchIntervalInBackground).toBe(false)
    expect(options.enabled).toBe(true)
    expect(newCountQueryOptions(null, null).enabled).toBe(false)
  })
})

describe('/plaza', () => {
  it('shows the feed to visitors, the banner for new posts, and puts them on top on click', async () => {
    let fresh = false
    const { calls, user } = renderGroupsApp(
      '/plaza',
      routes({
        'GET /api/plaza/posts': () => (fresh ? feedPage([post(0), post(1)]) : feedPage([post(1)])),
        'GET /api/plaza/posts/new-count': () => ({ body: { success: true, count: 1 } }),
      }),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Plaza' })).toBeVisible()
    const feed = await screen.findByRole('feed', { name: 'Posts' })
    await within(feed).findByText(/Post number 1/)
    // Plain text with its line break, not Markdown.
    expect(within(feed).getByText(/Post number 1/).textContent).toBe('Post number 1\nsecond line')
    // Visitors get the sign-in prompt instead of the composer.
    await user.click(screen.getByRole('button', { name: 'Log in to post' }))
    expect(await screen.findByRole('dialog', { name: 'Log in to Courtyard' })).toBeVisible()
    await user.keyboard('{Escape}')

    fresh = true
    const banner = await screen.findByRole('button', { name: /1 new post/ })
    expect(calls('GET', '/api/plaza/posts/new-count')[0]!.url.searchParams.get('since')).toBe(
      `head-${post(1).id}`,
    )
    await user.click(banner)
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(2))
    expect(within(feed).getAllByRole('article')[0]).toHaveTextContent('Post number 0')
  })

  it('a hashtag in a post is plain text, not something that looks like a link', async () => {
    // The plaza has no text filter a hashtag could lead to, so it stays text (issue 22).
    renderGroupsApp(
      '/plaza',
      routes({
        'GET /api/plaza/posts': () => feedPage([post(1, { body: '周末去爬山 #成都 #hiking' })]),
        'GET /api/plaza/posts/new-count': () => ({ body: { success: true, count: 0 } }),
      }),
    )
    const feed = await screen.findByRole('feed', { name: 'Posts' })
    const body = await within(feed).findByText('周末去爬山 #成都 #hiking')
    expect(body.tagName).toBe('P')
    expect(body.children).toHaveLength(0)
    expect(within(feed).queryByRole('link', { name: /#/ })).not.toBeInTheDocument()
  })

  it('filters by the district in the URL and asks the server for it', async () => {
    const { calls } = renderGroupsApp(
      '/plaza?district=510000',
      routes({
        'GET /api/plaza/posts': () =>
          feedPage([
            post(1, { district: { code: '510000', nameZh: '四川省', nameEn: 'Sichuan' } }),
          ]),
      }),
    )
    await screen.findByText(/Post number 1/)
    await screen.findByRole('feed', { name: 'Showing posts from Sichuan' })
    expect(calls('GET', '/api/plaza/posts')[0]!.url.searchParams.get('district')).toBe('510000')
    expect(screen.getByRole('combobox', { name: 'Filter by district' })).toHaveValue('510000')
    expect(screen.getByRole('link', { name: 'Show posts from Sichuan' })).toHaveAttribute(
      'href',
      '/plaza?district=510000',
    )
  })

  it('likes at once and takes it back when the server refuses', async () => {
    let refuse = false
    const { user } = renderGroupsApp(
      '/plaza',
      routes({
        'GET /api/auth/token': () => ({ body: signedIn }),
        'GET /api/plaza/posts': () => feedPage([post(1, { likeCount: 2 })]),
        [`PUT /api/plaza/posts/${post(1).id}/like`]: () =>
          refuse
            ? apiError(429, 'rate_limited', 'Too many likes, slow down.')
            : { body: { success: true, liked: true, likeCount: 3 } },
        [`DELETE /api/plaza/posts/${post(1).id}/like`]: () => ({
          body: { success: true, liked: false, likeCount: 2 },
        }),
      }),
    )
    const like = await screen.findByRole('button', { name: /^Like · 2 likes$/ })
    expect(like).toHaveAttribute('aria-pressed', 'false')
    await user.click(like)
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'))
    expect(like).toHaveAccessibleName('Like · 3 likes')
    await user.click(like)
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'))

    refuse = true
    await user.click(like)
    expect(await screen.findByText('Too many likes, slow down.')).toBeVisible()
    expect(like).toHaveAttribute('aria-pressed', 'false')
    expect(like).toHaveAccessibleName('Like · 2 likes')
  })

  it('posts from the composer and shows the server’s refusal in the form', async () => {
    let refused = false
    const { user, calls } = renderGroupsApp(
      '/plaza',
      routes({
        'GET /api/auth/token': () => ({ body: signedIn }),
        'GET /api/plaza/posts': () => feedPage([post(1)]),
        'POST /api/plaza/posts': () => {
          if (!refused) {
            refused = true
            return apiError(422, 'unknown_district', 'No such district.')
          }
          return { status: 201, body: { success: true, post: post(0) } }
        },
      }),
    )
    const text = await screen.findByRole('textbox', { name: "What's on your mind?" })
    await user.click(screen.getByRole('button', { name: 'Post' }))
    expect(await screen.findByText('Write something or add an image.')).toBeVisible()
    expect(calls('POST', '/api/plaza/posts')).toHaveLength(0)

    await user.type(text, '  Sunny in Chengdu ')
    expect(screen.getByText('16 of 2,000 characters')).toBeVisible()
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'District (optional)' }),
      '510000',
    )
    await user.click(screen.getByRole('button', { name: 'Post' }))
    expect(await screen.findByText('No such district.')).toBeVisible()
    expect(calls('POST', '/api/plaza/posts')[0]!.body).toEqual({
      body: 'Sunny in Chengdu',
      imageIds: [],
      district: '510000',
    })
    await user.click(screen.getByRole('button', { name: 'Post' }))
    await waitFor(() => expect(text).toHaveValue(''))
  })
})
