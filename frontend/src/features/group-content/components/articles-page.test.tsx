import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  article,
  GROUP,
  group,
  membersOnly,
  ming,
  renderGroupPage,
  summary,
  type Routes,
} from '../test/fixtures.ts'

const ARTICLES = `/group/${GROUP}/articles`
const LIST = `/api/groups/${GROUP}/articles`
const DRAFTS = `/api/groups/${GROUP}/articles/drafts`

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const published = (n: number) =>
  summary(
    article({
      id: `0f8c2a1e-1b2c-4d3e-8f40-0000000002${String(n).padStart(2, '0')}`,
      title: `Article ${n}`,
      excerpt: `Excerpt ${n}`,
      status: 'published',
      publishedAt: `2026-03-${String(10 - n).padStart(2, '0')}T08:00:00Z`,
      replyCount: n - 1,
    }),
  )

/** Two pages of published articles: the second after the cursor `c2`. */
function listRoutes(drafts = [summary(article({ title: 'My draft' }))]): Routes {
  let page = 0
  return {
    [`GET ${LIST}`]: () =>
      page++ === 0
        ? { body: { success: true, articles: [published(1), published(2)], nextCursor: 'c2' } }
        : { body: { success: true, articles: [published(3)], nextCursor: null } },
    [`GET ${DRAFTS}`]: () => ({ body: { success: true, articles: drafts, nextCursor: null } }),
  }
}

describe('/group/{id}/articles', () => {
  it('lists published articles newest first and loads more by cursor', async () => {
    const { user, fetchMock } = renderGroupPage(ARTICLES, { routes: listRoutes() })
    const list = await screen.findByRole('region', { name: 'Published' })
    const titles = () =>
      within(list)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent)
    expect(titles()).toEqual(['Article 1', 'Article 2'])
    expect(within(list).getByRole('link', { name: 'Article 1' })).toHaveAttribute(
      'href',
      `/group/${GROUP}/article/${published(1).id}/display`,
    )

    await user.click(within(list).getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(titles()).toEqual(['Article 1', 'Article 2', 'Article 3']))
    const urls = fetchMock.mock.calls.map(([input]) => String(input))
    expect(urls).toContain(`${LIST}?cursor=c2`)
    expect(within(list).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    // Each published article shows its replies, singular and plural; none without any.
    const cards = within(list).getAllByRole('article')
    expect(cards[0]).not.toHaveTextContent(/repl/)
    expect(cards[1]).toHaveTextContent('1 reply')
    expect(cards[2]).toHaveTextContent('2 replies')
  })

  it('marks its author’s hidden article in the list, and no other', async () => {
    renderGroupPage(ARTICLES, {
      routes: {
        ...listRoutes([]),
        [`GET ${LIST}`]: () => ({
          body: {
            success: true,
            articles: [{ ...published(1), withheld: 'hidden' }, published(2)],
            nextCursor: null,
          },
        }),
      },
    })
    const list = await screen.findByRole('region', { name: 'Published' })
    const [hidden, shown] = within(list).getAllByRole('article')
    expect(within(hidden!).getByText('Hidden')).toBeVisible()
    expect(hidden).toHaveTextContent('A moderator hid this; only you can see it.')
    expect(within(shown!).queryByText('Hidden')).toBeNull()
  })

  it('shows a member their drafts, which open in the editor', async () => {
    renderGroupPage(ARTICLES, { routes: listRoutes() })
    const drafts = await screen.findByRole('region', { name: 'My drafts' })
    const link = within(drafts).getByRole('link', { name: 'My draft' })
    expect(link).toHaveAttribute('href', `/group/${GROUP}/article/${article().id}/edit`)
    expect(within(drafts).getByText('Draft')).toBeVisible()
  })

  it('starts a new article with a title and opens its editor', async () => {
    const created = article({
      id: '0f8c2a1e-1b2c-4d3e-8f40-0000000003ff',
      title: 'Hello',
      body: '',
    })
    const { user, bodies, router } = renderGroupPage(ARTICLES, {
      routes: {
        ...listRoutes([]),
        [`POST ${LIST}`]: () => ({ status: 201, body: { success: true, article: created } }),
        [`GET ${LIST}/${created.id}`]: () => ({ body: { success: true, article: created } }),
      },
    })
    await user.click(await screen.findByRole('button', { name: 'New article' }))
    const dialog = await screen.findByRole('dialog', { name: 'New article' })
    await user.click(within(dialog).getByRole('button', { name: 'Create and edit' }))
    expect(within(dialog).getByText('Enter a title')).toBeVisible()
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Hello ')
    await user.click(within(dialog).getByRole('button', { name: 'Create and edit' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/group/${GROUP}/article/${created.id}/edit`),
    )
    expect(bodies('POST', LIST)).toEqual([{ title: 'Hello', body: '' }])
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Hello')
  })

  it('asks nothing about drafts and offers no new article to someone outside the group', async () => {
    const { calls } = renderGroupPage(ARTICLES, {
      viewer: ming,
      home: group({ membership: null }),
      routes: listRoutes(),
    })
    expect(await screen.findByText('Article 1')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'New article' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'My drafts' })).not.toBeInTheDocument()
    expect(calls('GET', DRAFTS)).toHaveLength(0)
  })

  it('shows the members-only state when the API answers members_only', async () => {
    renderGroupPage(ARTICLES, {
      viewer: ming,
      home: group({ membership: null }),
      routes: { [`GET ${LIST}`]: membersOnly },
    })
    expect(await screen.findByText('For members only')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Join the group' })).toHaveAttribute(
      'href',
      `/group/${GROUP}/join`,
    )
  })

  it('says so when nothing is published yet', async () => {
    renderGroupPage(ARTICLES, {
      routes: {
        [`GET ${LIST}`]: () => ({ body: { success: true, articles: [], nextCursor: null } }),
        [`GET ${DRAFTS}`]: () => ({ body: { success: true, articles: [], nextCursor: null } }),
      },
    })
    expect(
      await screen.findByText('Nothing has been published here yet. Write the first article!'),
    ).toBeVisible()
  })
})
