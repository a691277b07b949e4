import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { apiError, renderGroupsApp, type Handler } from '@/test/fake-api.tsx'
import { ANA, hit, id, myGroup, page, provinces, signedIn, signedOut } from '../test/fixtures.ts'

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

/** Every search answers with one hit of its kind unless `extra` says otherwise. */
function routes(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/auth/token': () => signedOut,
    'GET /api/districts': () => provinces,
    'GET /api/search/posts': () => page([hit(1)]),
    'GET /api/search/articles': () =>
      page([
        hit(2, {
          title: [
            { text: 'The ', hit: false },
            { text: 'library', hit: true },
            { text: ' list', hit: false },
          ],
          group: { id: id(300), name: 'Readers' },
          district: null,
        }),
      ]),
    'GET /api/search/replies': () =>
      page([
        hit(3, {
          group: { id: id(300), name: 'Readers' },
          article: { id: id(2), name: 'The library list' },
          district: null,
        }),
      ]),
    'GET /api/search/groups': () =>
      page([
        hit(4, {
          title: [{ text: 'Library friends', hit: false }],
          excerpt: [
            { text: 'We meet at the ', hit: false },
            { text: 'library', hit: true },
          ],
          district: null,
        }),
      ]),
    'GET /api/search/people': () =>
      page([
        hit(901, {
          title: [{ text: 'Ana', hit: true }],
          excerpt: [{ text: 'Librarian.', hit: false }],
          district: null,
        }),
      ]),
    ...extra,
  }
}

/** The marked words of an element, in order. */
const marks = (element: HTMLElement) =>
  [...element.querySelectorAll('mark')].map((mark) => mark.textContent)

describe('/search', () => {
  it('without words: a hint, the field focused, nothing asked, no second box in the header', async () => {
    const { calls } = renderGroupsApp('/search', routes())
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
    expect(screen.getByText('What are you looking for?')).toBeVisible()
    const field = screen.getByRole('searchbox', { name: 'Words to find' })
    await waitFor(() => expect(field).toHaveFocus())
    expect(calls('GET', '/api/search/posts')).toHaveLength(0)
    // The header's box and button give way to the page's own field.
    expect(within(screen.getByRole('banner')).queryByRole('search')).toBeNull()
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Search' })).toBeNull()
  })

  it('shows each kind with its matched words marked and a link to where it lives', async () => {
    const { user, calls, router } = renderGroupsApp('/search?q=library', routes())

    const posts = await screen.findByRole('list', { name: 'Posts found' })
    const post = within(posts).getByRole('listitem')
    expect(marks(post)).toEqual(['library'])
    expect(within(post).getByRole('link', { name: /Read all day at the library/ })).toHaveAttribute(
      'href',
      `/plaza/post/${id(1)}`,
    )
    expect(within(post).getByRole('link', { name: /Ana/ })).toHaveAttribute(
      'href',
      `/profile/${ANA.id}`,
    )
    expect(post).toHaveTextContent('5 minutes ago')
    expect(post).toHaveTextContent('District: Sichuan')
    expect(calls('GET', '/api/search/posts')[0]!.url.searchParams.get('q')).toBe('library')

    await user.click(screen.getByRole('tab', { name: 'Articles' }))
    const articles = await screen.findByRole('list', { name: 'Articles found' })
    expect(router.state.location.search).toEqual({ q: 'library', tab: 'articles' })
    const article = within(articles).getByRole('listitem')
    expect(marks(article)).toEqual(['library', 'library'])
    expect(within(article).getByRole('link', { name: 'The library list' })).toHaveAttribute(
      'href',
      `/group/${id(300)}/article/${id(2)}/display`,
    )
    expect(article).toHaveTextContent('in Readers')

    await user.click(screen.getByRole('tab', { name: 'Replies' }))
    const reply = within(await screen.findByRole('list', { name: 'Replies found' })).getByRole(
      'listitem',
    )
    expect(within(reply).getByRole('link', { name: /at the library/ })).toHaveAttribute(
      'href',
      `/group/${id(300)}/article/${id(2)}/display#reply-${id(3)}`,
    )
    expect(reply).toHaveTextContent('Reply to “The library list”')

    await user.click(screen.getByRole('tab', { name: 'Groups' }))
    const group = within(await screen.findByRole('list', { name: 'Groups found' })).getByRole(
      'listitem',
    )
    expect(within(group).getByRole('link', { name: 'Library friends' })).toHaveAttribute(
      'href',
      `/group/${id(4)}`,
    )
    expect(group).toHaveTextContent('Owner: Ana')
    expect(marks(group)).toEqual(['library'])

    await user.click(screen.getByRole('tab', { name: 'People' }))
    const person = within(await screen.findByRole('list', { name: 'People found' })).getByRole(
      'listitem',
    )
    expect(within(person).getByRole('link', { name: 'Ana' })).toHaveAttribute(
      'href',
      `/profile/${id(901)}`,
    )
    expect(person).toHaveTextContent('@ana')
    expect(person).toHaveTextContent('Librarian.')
    // Each tab asked its own endpoint with the same words.
    for (const kind of ['articles', 'replies', 'groups', 'people']) {
      expect(calls('GET', `/api/search/${kind}`)[0]!.url.searchParams.get('q')).toBe('library')
    }
  })

  it('keeps what is typed across tabs and filters, and submits with them', async () => {
    const { user, calls, router } = renderGroupsApp('/search?q=library', routes())
    await screen.findByRole('list', { name: 'Posts found' })
    const field = screen.getByRole('searchbox', { name: 'Words to find' })
    expect(field).toHaveValue('library')
    await user.clear(field)
    await user.type(field, 'river walk')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'Past week')
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ q: 'library', since: 'week' }),
    )
    await waitFor(() =>
      expect(calls('GET', '/api/search/posts').at(-1)!.url.searchParams.get('since')).toBe('week'),
    )
    expect(screen.getByRole('searchbox', { name: 'Words to find' })).toHaveValue('river walk')

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Province' }), 'Sichuan')
    await waitFor(() =>
      expect(calls('GET', '/api/search/posts').at(-1)!.url.searchParams.get('district')).toBe(
        '510000',
      ),
    )
    await user.click(screen.getByRole('tab', { name: 'Articles' }))
    await screen.findByRole('list', { name: 'Articles found' })
    expect(screen.getByRole('searchbox', { name: 'Words to find' })).toHaveValue('river walk')
    // The time range goes along; the province is the posts' only.
    const asked = calls('GET', '/api/search/articles').at(-1)!.url.searchParams
    expect(asked.get('since')).toBe('week')
    expect(asked.get('district')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        q: 'river walk',
        tab: 'articles',
        since: 'week',
        district: '510000',
      }),
    )
    await waitFor(() =>
      expect(calls('GET', '/api/search/articles').at(-1)!.url.searchParams.get('q')).toBe(
        'river walk',
      ),
    )

    // Back: the previous search, its field and its tab.
    router.history.back()
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Words to find' })).toHaveValue('library'),
    )
    expect(screen.getByRole('tab', { name: 'Articles' })).toHaveAttribute('aria-selected', 'true')
  })

  it('offers the viewer’s groups (not one they only asked to join) and sends the one chosen', async () => {
    const { user, calls, router } = renderGroupsApp(
      '/search?q=library&tab=replies',
      routes({
        'GET /api/auth/token': () => signedIn,
        'GET /api/groups/mine': () => ({
          body: {
            success: true,
            groups: [myGroup(300, 'Readers'), myGroup(301, 'Climbers', 'pending')],
            nextCursor: null,
          },
        }),
      }),
    )
    const select = await screen.findByRole('combobox', { name: 'Group' })
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All groups', 'Readers']),
    )
    await user.selectOptions(select, 'Readers')
    await waitFor(() =>
      expect(calls('GET', '/api/search/replies').at(-1)!.url.searchParams.get('group')).toBe(
        id(300),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ q: 'library', tab: 'replies' }),
    )
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveValue('')
  })

  it('has no group filter signed out, and no filters for groups and people', async () => {
    const { user } = renderGroupsApp('/search?q=library&tab=articles', routes())
    await screen.findByRole('list', { name: 'Articles found' })
    expect(screen.getByRole('combobox', { name: 'Time' })).toBeVisible()
    expect(screen.queryByRole('combobox', { name: 'Group' })).toBeNull()
    await user.click(screen.getByRole('tab', { name: 'People' }))
    await screen.findByRole('list', { name: 'People found' })
    expect(screen.queryByRole('combobox')).toBeNull()
  })

  it('shows the server’s refusal, a failure with a retry, and nothing found', async () => {
    let fail = true
    const { user } = renderGroupsApp(
      '/search?q=%21%21%21',
      routes({
        'GET /api/search/posts': () =>
          apiError(400, 'invalid_search', 'Type some words to search for'),
        'GET /api/search/articles': () =>
          fail ? apiError(503, 'database_unavailable', 'Try again in a moment') : page([]),
      }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Type some words to search for')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()

    await user.click(screen.getByRole('tab', { name: 'Articles' }))
    expect(await screen.findByText(/The search failed: Try again in a moment/)).toBeVisible()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByText('Nothing found for “!!!”. Try fewer or other words, or another tab.'),
    ).toBeVisible()
  })

  it('says when the filters found nothing, and loads more a page at a time', async () => {
    const { user, calls } = renderGroupsApp(
      '/search?q=library&since=day',
      routes({
        'GET /api/search/posts': ({ url }) =>
          url.searchParams.get('since') === 'day'
            ? page([])
            : url.searchParams.get('cursor') === 'next'
              ? page([hit(12)])
              : page([hit(11)], 'next'),
      }),
    )
    expect(
      await screen.findByText(/Nothing found for “library” with these filters\./),
    ).toBeVisible()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'Any time')
    const list = await screen.findByRole('list', { name: 'Posts found' })
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    expect(calls('GET', '/api/search/posts').at(-1)!.url.searchParams.get('cursor')).toBe('next')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })
})

describe('the header', () => {
  it('has a box that opens the results, and a button to the search page', async () => {
    const { user, router } = renderGroupsApp('/notifications', routes())
    // The page's own header is a banner to jsdom too: the shell's comes first.
    const banner = (await screen.findAllByRole('banner'))[0]!
    // Phones get the button (the box is hidden below 768 px, the button from it: CSS).
    expect(within(banner).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search')
    const box = within(within(banner).getByRole('search', { name: 'Search Courtyard' })).getByRole(
      'textbox',
      { name: 'Search Courtyard' },
    )
    await user.type(box, '  成都 圖書館  {Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'))
    expect(router.state.location.search).toEqual({ q: '成都 圖書館' })
    expect(await screen.findByRole('searchbox', { name: 'Words to find' })).toHaveValue(
      '成都 圖書館',
    )
  })
})
