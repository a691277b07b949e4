import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { stubXhr } from '@/test/xhr.ts'
import {
  galleryRoutes,
  GROUP,
  group,
  image,
  lily,
  ming,
  renderGroupPage,
} from '../test/fixtures.ts'
import { PARALLEL_UPLOADS } from '../rules.ts'

const GALLERY = `/group/${GROUP}/gallery`
const API = `/api/groups/${GROUP}/gallery`

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const grid = async () => within(await screen.findByRole('list', { name: 'Images' }))
const png = (name: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' })

describe('/group/{id}/gallery', () => {
  it('shows thumbnails, lazily, with their sizes, and loads more by cursor', async () => {
    const { user, fetchMock } = renderGroupPage(GALLERY, {
      routes: galleryRoutes([[image(1), image(2)], [image(3)]]),
    })
    const list = await grid()
    const thumbnails = list.getAllByRole('img')
    expect(thumbnails).toHaveLength(2)
    expect(thumbnails[0]).toHaveAttribute('src', image(1).thumbnailUrl)
    expect(thumbnails[0]).toHaveAttribute('loading', 'lazy')
    expect(thumbnails[0]).toHaveAttribute('width', '480')
    expect(thumbnails[0]).toHaveAttribute('height', '360')

    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(list.getAllByRole('img')).toHaveLength(3))
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(`${API}?cursor=c2`)
  })

  it('uploads several files with a progress bar each, a few at a time', async () => {
    const xhr = stubXhr()
    const { user } = renderGroupPage(GALLERY, { routes: galleryRoutes([[image(1)]]) })
    await screen.findByRole('button', { name: 'Choose images' })
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    expect(input).toHaveAttribute('multiple')
    await user.upload(input, [png('a.png'), png('b.png'), png('c.png')])

    const bar = (name: string) => screen.getByRole('progressbar', { name })
    expect(xhr.requests).toHaveLength(PARALLEL_UPLOADS)
    expect(xhr.requests.map((request) => request.path)).toEqual([API, API])
    expect(bar('c.png')).toHaveAttribute('aria-valuetext', 'Waiting')

    act(() => xhr.requests[0]!.progress(250, 1000))
    act(() => xhr.requests[1]!.progress(900, 1000))
    expect(bar('a.png')).toHaveAttribute('aria-valuenow', '25')
    expect(bar('b.png')).toHaveAttribute('aria-valuenow', '90')
    expect(bar('c.png')).toHaveAttribute('aria-valuenow', '0')

    act(() => xhr.requests[0]!.respond(201, { success: true, image: image(7) }))
    await waitFor(() => expect(bar('a.png')).toHaveAttribute('aria-valuetext', 'Uploaded'))
    // The new image is in the grid at once, first; the third file takes the free place.
    await waitFor(async () =>
      expect((await grid()).getAllByRole('img')[0]).toHaveAttribute('src', image(7).thumbnailUrl),
    )
    await waitFor(() => expect(xhr.requests).toHaveLength(3))
    expect(bar('c.png')).toHaveAttribute('aria-valuenow', '0')
    expect(bar('c.png')).toHaveAttribute('aria-valuetext', '0%')

    act(() =>
      xhr.requests[1]!.respond(413, {
        success: false,
        code: 'image_too_large',
        message: 'The image is larger than 20 MB',
      }),
    )
    expect(await screen.findByText('The image is larger than 20 MB')).toBeVisible()
    expect(bar('b.png')).toHaveAttribute('aria-valuetext', 'Failed')

    // A failed file can be tried again.
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(xhr.requests).toHaveLength(4))
    expect(xhr.requests[3]!.body).toBeInstanceOf(File)
    expect((xhr.requests[3]!.body as File).name).toBe('b.png')
  })

  it('takes files dropped on the drop zone', async () => {
    const xhr = stubXhr()
    renderGroupPage(GALLERY, { routes: galleryRoutes([[]]) })
    const zone = (await screen.findByText('Drop images here to upload them')).closest(
      'div',
    )!.parentElement!
    fireEvent.drop(zone, { dataTransfer: { files: [png('x.png')], types: ['Files'] } })
    expect(xhr.requests).toHaveLength(1)
    expect(screen.getByRole('progressbar', { name: 'x.png' })).toBeVisible()
  })

  it('offers no upload to someone outside the group', async () => {
    renderGroupPage(GALLERY, {
      viewer: ming,
      home: group({ membership: null }),
      routes: galleryRoutes([[image(1)]]),
    })
    await grid()
    expect(screen.queryByRole('button', { name: 'Choose images' })).not.toBeInTheDocument()
  })
})

describe('the lightbox', () => {
  const images = [image(1), image(2, { ownerId: ming.id }), image(3)]

  it('shows the full image and moves with ←, →, the buttons and swipes; Escape closes', async () => {
    const { user } = renderGroupPage(GALLERY, { routes: galleryRoutes([images]) })
    const list = await grid()
    await user.click(list.getAllByRole('button')[1]!)
    let dialog = await screen.findByRole('dialog', { name: 'Image 2 of 3' })
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', image(2).url)

    await user.keyboard('{ArrowRight}')
    dialog = await screen.findByRole('dialog', { name: 'Image 3 of 3' })
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', image(3).url)
    // At the end, → stays.
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('dialog', { name: 'Image 3 of 3' })).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Next image' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )

    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    dialog = await screen.findByRole('dialog', { name: 'Image 1 of 3' })
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }))
    dialog = await screen.findByRole('dialog', { name: 'Image 2 of 3' })

    // A swipe to the left is "next", to the right "previous"; a mouse drag is neither.
    const stage = within(dialog).getByRole('img').parentElement!
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 300, clientY: 100 })
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 200, clientY: 110 })
    dialog = await screen.findByRole('dialog', { name: 'Image 3 of 3' })
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 100, clientY: 100 })
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 130, clientY: 100 })
    expect(screen.getByRole('dialog', { name: 'Image 3 of 3' })).toBeVisible()
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 100, clientY: 100 })
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 220, clientY: 100 })
    await screen.findByRole('dialog', { name: 'Image 2 of 3' })

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('goes on past the last loaded image by loading the next page', async () => {
    const { user } = renderGroupPage(GALLERY, {
      routes: galleryRoutes([[image(1), image(2)], [image(3)]]),
    })
    const list = await grid()
    await user.click(list.getAllByRole('button')[1]!)
    await screen.findByRole('dialog', { name: 'Image 2 of 2' })
    await user.keyboard('{ArrowRight}')
    const dialog = await screen.findByRole('dialog', { name: 'Image 3 of 3' })
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', image(3).url)
  })

  it('lets a member delete their own images only; a manager any', async () => {
    const { user, calls } = renderGroupPage(GALLERY, {
      viewer: lily,
      routes: galleryRoutes([images]),
    })
    const list = await grid()
    await user.click(list.getAllByRole('button')[1]!)
    let dialog = await screen.findByRole('dialog', { name: 'Image 2 of 3' })
    // Someone else's.
    expect(within(dialog).queryByRole('button', { name: 'Delete image' })).not.toBeInTheDocument()
    await user.keyboard('{ArrowLeft}')
    dialog = await screen.findByRole('dialog', { name: 'Image 1 of 3' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete image' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this image?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete image' }))
    await waitFor(() => expect(calls('DELETE', `${API}/${image(1).id}`)).toHaveLength(1))
    // The lightbox shows the image that took its place.
    expect(await screen.findByRole('dialog', { name: 'Image 1 of 2' })).toBeVisible()
  })

  it('lets the signed-in report someone else’s image, not their own', async () => {
    const reports: unknown[] = []
    const { user } = renderGroupPage(GALLERY, {
      viewer: lily,
      routes: {
        ...galleryRoutes([images]),
        'POST /api/reports': (init) => {
          reports.push(JSON.parse(String(init?.body)))
          return { status: 201, body: { success: true, message: 'Thank you.' } }
        },
      },
    })
    const list = await grid()
    await user.click(list.getAllByRole('button')[0]!)
    let dialog = await screen.findByRole('dialog', { name: 'Image 1 of 3' })
    // Lily's own.
    expect(within(dialog).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    dialog = await screen.findByRole('dialog', { name: 'Image 2 of 3' })
    await user.click(within(dialog).getByRole('button', { name: 'Report' }))
    const report = await screen.findByRole('dialog', { name: 'Report this image' })
    await user.click(within(report).getByRole('radio', { name: 'Harassment or abuse' }))
    await user.click(within(report).getByRole('button', { name: 'Send report' }))
    await waitFor(() =>
      expect(reports).toEqual([{ kind: 'image', id: image(2).id, reason: 'abuse' }]),
    )
    // The lightbox is still there, on the same image.
    expect(await screen.findByRole('dialog', { name: 'Image 2 of 3' })).toBeVisible()
  })

  it('offers a signed-out visitor no report', async () => {
    const { user } = renderGroupPage(GALLERY, {
      viewer: null,
      home: group({ membership: null }),
      routes: galleryRoutes([images]),
    })
    const list = await grid()
    await user.click(list.getAllByRole('button')[1]!)
    const dialog = await screen.findByRole('dialog', { name: 'Image 2 of 3' })
    expect(within(dialog).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument()
  })

  it('gives a manager the delete button on anyone’s image', async () => {
    const { user } = renderGroupPage(GALLERY, {
      viewer: ming,
      home: group({
        canManage: true,
        membership: { role: 'owner', state: 'active', since: '2026-01-01T00:00:00Z' },
      }),
      routes: galleryRoutes([images]),
    })
    const list = await grid()
    await user.click(list.getAllByRole('button')[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Image 1 of 3' })
    expect(within(dialog).getByRole('button', { name: 'Delete image' })).toBeVisible()
  })
})
