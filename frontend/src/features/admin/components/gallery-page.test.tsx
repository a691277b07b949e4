import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from '@/components/confirm-dialog.tsx'
import type { AdminMedia } from '@/lib/api/types.ts'
import { loadNamespace } from '@/lib/i18n.ts'
import { stubApi } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { GalleryPage } from './gallery-page.tsx'

beforeAll(() => loadNamespace('gallery'))
afterEach(() => vi.unstubAllGlobals())

const OWNER = '0f8c2e1a-0000-4000-8000-0000000000a1'
const GROUP = '0f8c2e1a-0000-4000-8000-0000000000b1'

function media(n: number, patch: Partial<AdminMedia> = {}): AdminMedia {
  const id = `0f8c2e1a-0000-4000-8000-00000000000${n}`
  return {
    id,
    kind: 'gallery',
    url: `/api/media/${id}`,
    thumbnailUrl: `/api/media/${id}/thumbnail`,
    width: 800,
    height: 600,
    bytes: 150_000,
    contentType: 'image/webp',
    owner: { id: OWNER, username: 'olga', nickname: 'Olga' },
    groupId: GROUP,
    groupName: '读书会',
    articleId: null,
    postId: null,
    attached: true,
    hiddenAt: null,
    createdAt: `2026-11-2${n}T08:00:00Z`,
    ...patch,
  }
}

const USAGE = { bytes: 3 * 1024 * 1024 + 512 * 1024, files: 3 }

function renderPage(routes: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi(routes)
  renderWithProviders(
    <>
      <GalleryPage />
      <ConfirmDialog />
    </>,
  )
  const listUrls = () =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), window.location.href), init }))
      .filter(
        ({ url, init }) => url.pathname === '/api/admin/media' && (init?.method ?? 'GET') === 'GET',
      )
      .map(({ url }) => url)
  return { fetchMock, listUrls }
}

/** The list, once its first items are in. */
async function list() {
  const region = within(await screen.findByRole('region', { name: 'Stored images' }))
  await region.findAllByRole('listitem')
  return region
}

describe('/admin/gallery', () => {
  it('shows the storage used and the thumbnails, and loads more by cursor', async () => {
    let pages = 0
    const { listUrls } = renderPage({
      'GET /api/admin/media': () => ({
        body:
          ++pages === 1
            ? { success: true, items: [media(3), media(2)], nextCursor: 'c2', usage: USAGE }
            : { success: true, items: [media(1)], nextCursor: null, usage: USAGE },
      }),
    })
    const grid = await list()
    expect(screen.getByTestId('storage-used')).toHaveTextContent('3.5 MB in 3 files')
    expect(grid.getAllByRole('listitem')).toHaveLength(2)
    const thumb = grid.getAllByRole('img')[0]
    expect(thumb).toHaveAttribute('src', media(3).thumbnailUrl)
    expect(thumb).toHaveAttribute('loading', 'lazy')
    expect(grid.getAllByText('800 × 600 · 146 KB')).toHaveLength(2)

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(grid.getAllByRole('listitem')).toHaveLength(3))
    expect(listUrls().at(-1)?.searchParams.get('cursor')).toBe('c2')
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('asks the server with the filters, from an item, a select and the dates', async () => {
    const { listUrls } = renderPage({
      'GET /api/admin/media': () => ({
        body: { success: true, items: [media(1)], nextCursor: null, usage: USAGE },
      }),
    })
    await list()
    await userEvent.click(screen.getByRole('button', { name: /Show only Olga’s files$/ }))
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('owner')).toBe(OWNER))
    expect(screen.getByText('Owner: Olga')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: /Show only files of 读书会$/ }))
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('group')).toBe(GROUP))

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'plaza')
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('kind')).toBe('plaza'))

    // A range that ends before it starts is refused here, and not asked.
    const asked = listUrls().length
    await userEvent.type(screen.getByLabelText('From'), '2026-11-05')
    await userEvent.type(screen.getByLabelText('To'), '2026-11-01')
    expect(await screen.findByText('“To” must not be before “From”.')).toBeInTheDocument()
    const last = listUrls().at(-1)
    expect(last?.searchParams.get('until')).toBeNull()
    expect(listUrls().length).toBeGreaterThanOrEqual(asked)

    await userEvent.click(screen.getByRole('button', { name: 'Remove the filter Owner: Olga' }))
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => {
      const params = listUrls().at(-1)?.searchParams
      expect(params?.get('owner')).toBeNull()
      expect(params?.get('kind')).toBeNull()
      expect(params?.get('from')).toBeNull()
    })
  })

  it('says so when nothing matches and when the list fails, with a retry', async () => {
    let fail = true
    renderPage({
      'GET /api/admin/media': () =>
        fail
          ? { status: 500, body: { success: false, code: 'internal', message: 'Boom' } }
          : { body: { success: true, items: [], nextCursor: null, usage: USAGE } },
    })
    expect(await screen.findByText(/The images could not be loaded/)).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No stored image matches these filters.')).toBeInTheDocument()
  })

  it('hides and shows an image again in place, and deletes one after confirming', async () => {
    const hidden = new Set<string>()
    const deleted = new Set<string>()
    const { fetchMock } = renderPage({
      'GET /api/admin/media': () => ({
        body: {
          success: true,
          items: [media(2), media(1)]
            .filter((m) => !deleted.has(m.id))
            .map((m) => ({ ...m, hiddenAt: hidden.has(m.id) ? '2026-11-26T09:00:00Z' : null })),
          nextCursor: null,
          usage: USAGE,
        },
      }),
      [`POST /api/admin/media/${media(2).id}/hide`]: () => {
        hidden.add(media(2).id)
        return {
          body: {
            success: true,
            message: 'Image hidden',
            id: media(2).id,
            hiddenAt: '2026-11-26T09:00:00Z',
          },
        }
      },
      [`POST /api/admin/media/${media(2).id}/unhide`]: () => {
        hidden.delete(media(2).id)
        return {
          body: { success: true, message: 'Image shown again', id: media(2).id, hiddenAt: null },
        }
      },
      [`DELETE /api/admin/media/${media(1).id}`]: () => {
        deleted.add(media(1).id)
        return { body: { success: true, message: 'Image deleted' } }
      },
    })
    const grid = await list()
    const [second, first] = grid.getAllByRole('listitem')
    await userEvent.click(within(second!).getByRole('button', { name: /^Hide:/ }))
    expect(await within(second!).findByText('Hidden')).toBeInTheDocument()
    await userEvent.click(within(second!).getByRole('button', { name: /^Show again:/ }))
    await waitFor(() => expect(within(second!).queryByText('Hidden')).not.toBeInTheDocument())

    await userEvent.click(within(first!).getByRole('button', { name: /^Delete:/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this image?' })
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(grid.getAllByRole('listitem')).toHaveLength(1))
    expect(deleted.has(media(1).id)).toBe(true)
  })
})
