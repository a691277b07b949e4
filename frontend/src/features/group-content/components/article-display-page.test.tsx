import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ARTICLE, article, GROUP, ming, renderGroupPage } from '../test/fixtures.ts'

const DISPLAY = `/group/${GROUP}/article/${ARTICLE}/display`
const GET = `GET /api/groups/${GROUP}/articles/${ARTICLE}`
const REPLIES = `${GET}/replies`
const noReplies = () => ({
  body: { success: true, replies: [], replyCount: 0, repliesLocked: false, nextCursor: null },
})

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('/group/{id}/article/{articleId}/display', () => {
  it('renders the Markdown sanitised, with author and times', async () => {
    renderGroupPage(DISPLAY, {
      viewer: ming,
      routes: {
        [GET]: () => ({
          body: {
            success: true,
            article: article({
              status: 'published',
              mayEdit: false,
              publishedAt: '2026-03-01T06:10:00Z',
              updatedAt: '2026-03-02T06:10:00Z',
              body: '## 三月\n\n![封面](/api/media/abc)\n\n<script>alert(1)</script> <img src=x onerror=alert(2)>',
            }),
          },
        }),
        [REPLIES]: noReplies,
      },
    })
    const main = within(await screen.findByRole('main'))
    expect(await main.findByRole('heading', { level: 2, name: '三月书单' })).toBeVisible()
    const body = await main.findByRole('heading', { name: '三月' })
    const rendered = body.closest('.md') as HTMLElement
    expect(within(rendered).getByRole('img', { name: '封面' })).toHaveAttribute(
      'src',
      '/api/media/abc',
    )
    expect(rendered.querySelector('script')).toBeNull()
    expect(rendered.querySelector('[onerror]')).toBeNull()
    expect(rendered).toHaveTextContent('<script>alert(1)</script>')

    expect(main.getByText('Lily')).toBeVisible()
    expect(main.getByText(/^Published/)).toHaveTextContent('Published Mar 1, 2026')
    expect(main.getByText(/^updated/)).toHaveTextContent('updated Mar 2, 2026')
    expect(main.queryByText('Draft')).not.toBeInTheDocument()
    // Only those who may edit get the link.
    expect(main.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
  })

  it('tells its author an article the word list holds is under review; nothing otherwise', async () => {
    let withheld: 'held' | null = 'held'
    const view = renderGroupPage(DISPLAY, {
      routes: {
        [GET]: () => ({
          body: {
            success: true,
            article: article({
              status: 'published',
              publishedAt: '2026-03-01T06:10:00Z',
              withheld,
            }),
          },
        }),
        [REPLIES]: noReplies,
      },
    })
    const main = within(await screen.findByRole('main'))
    const header = (await main.findByRole('heading', { level: 2, name: '三月书单' })).closest(
      'header',
    )!
    expect(within(header).getByText('Under review')).toBeVisible()
    expect(header).toHaveTextContent('Only you can see this until a moderator reviews it.')

    // Released: the page read again shows no mark.
    withheld = null
    await view.router.options.context.queryClient.refetchQueries()
    await waitFor(() => expect(within(header).queryByText('Under review')).toBeNull())
  })

  it('shows a draft as a draft, with the edit link for its author', async () => {
    renderGroupPage(DISPLAY, {
      routes: { [GET]: () => ({ body: { success: true, article: article() } }) },
    })
    const main = within(await screen.findByRole('main'))
    expect(await main.findByText('Draft')).toBeVisible()
    expect(main.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/group/${GROUP}/article/${ARTICLE}/edit`,
    )
  })

  it('is the 404 page for an article the server does not know, or an id that is not one', async () => {
    const { router } = renderGroupPage(DISPLAY, {
      routes: {
        [GET]: () => ({
          status: 404,
          body: { success: false, code: 'not_found', message: 'Not found' },
        }),
      },
    })
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await router.navigate({
      to: '/group/$groupId/article/$articleId/display',
      params: { groupId: GROUP, articleId: '123' },
    })
    await waitFor(() => expect(router.state.location.pathname).toContain('/article/123/'))
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })
})
