import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stubApi } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { Lightbox } from './lightbox.tsx'

const image = (n: number, ownerId: string) => ({
  id: `0f8c2a1e-1b2c-4d3e-8f40-00000000000${n}`,
  url: `/api/media/${n}`,
  width: 800,
  height: 600,
  ownerId,
})
// The viewer is "me": the first and the third are someone else's, the second is mine.
const images = [image(1, 'other'), image(2, 'me'), image(3, 'other')]

function Harness({ start = 0 }: { start?: number }) {
  const [index, setIndex] = useState(start)
  return (
    <Lightbox
      images={images}
      index={index}
      onIndexChange={setIndex}
      onClose={() => undefined}
      alt={(shown) => `photo ${shown.id}`}
      canReport={(shown) => shown.ownerId !== 'me'}
    />
  )
}

afterEach(async () => {
  vi.unstubAllGlobals()
  // Let history traversals of closed modals finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('<Lightbox> reporting', () => {
  it('offers Report only where the caller allows it, image by image', async () => {
    const user = userEvent.setup()
    stubApi({})
    renderWithProviders(<Harness />)
    let box = screen.getByRole('dialog', { name: 'Image 1 of 3' })
    const report = within(box).getByRole('button', { name: 'Report' })
    expect(report).toBeVisible()
    report.focus()
    await user.keyboard('{ArrowRight}')
    box = await screen.findByRole('dialog', { name: 'Image 2 of 3' })
    expect(within(box).queryByRole('button', { name: 'Report' })).toBeNull()
    // The focused Report went with its image; the focus stays in the lightbox, and the keys work.
    expect(box).toContainElement(document.activeElement as HTMLElement)
    await user.keyboard('{ArrowRight}')
    box = await screen.findByRole('dialog', { name: 'Image 3 of 3' })
    expect(within(box).getByRole('button', { name: 'Report' })).toBeVisible()
  })

  it('offers nothing without `canReport` (signed out)', () => {
    stubApi({})
    renderWithProviders(
      <Lightbox
        images={images}
        index={0}
        onIndexChange={() => undefined}
        onClose={() => undefined}
        alt={() => 'photo'}
      />,
    )
    const box = screen.getByRole('dialog', { name: 'Image 1 of 3' })
    expect(within(box).queryByRole('button', { name: 'Report' })).toBeNull()
  })

  it('opens the report dialog above it with the image as subject; closing returns to it', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    stubApi({
      'POST /api/reports': (init) => {
        bodies.push(JSON.parse(String(init?.body)))
        return { status: 201, body: { success: true, message: 'Thank you.' } }
      },
    })
    renderWithProviders(<Harness start={2} />)
    const box = screen.getByRole('dialog', { name: 'Image 3 of 3' })
    const report = within(box).getByRole('button', { name: 'Report' })
    await user.click(report)
    const dialog = await screen.findByRole('dialog', { name: 'Report this image' })

    // Its keys are its own: the arrows move between its reasons, not the lightbox's image.
    const spam = within(dialog).getByRole('radio', { name: 'Spam or advertising' })
    await user.click(spam)
    await user.keyboard('{ArrowLeft}{ArrowRight}')
    // (The lightbox is hidden from assistive technology while the dialog is above it.)
    expect(screen.getByRole('dialog', { name: 'Image 3 of 3', hidden: true })).toBeInTheDocument()

    // Escape closes the report dialog only; the focus is back on Report, in the lightbox.
    await user.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Report this image' })).toBeNull(),
    )
    expect(screen.getByRole('dialog', { name: 'Image 3 of 3' })).toBeVisible()
    await waitFor(() => expect(report).toHaveFocus())
    expect(bodies).toEqual([])

    // Reported: the image's media id, as kind "image".
    await user.keyboard('{Enter}')
    const again = await screen.findByRole('dialog', { name: 'Report this image' })
    await user.click(within(again).getByRole('radio', { name: 'Illegal content' }))
    await user.click(within(again).getByRole('button', { name: 'Send report' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Report this image' })).toBeNull(),
    )
    expect(bodies).toEqual([{ kind: 'image', id: images[2]!.id, reason: 'illegal' }])
    expect(screen.getByRole('dialog', { name: 'Image 3 of 3' })).toBeVisible()
    await waitFor(() => expect(report).toHaveFocus())
  })
})
