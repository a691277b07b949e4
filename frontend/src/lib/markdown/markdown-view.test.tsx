import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { isStoredImage, MarkdownView } from './markdown-view.tsx'

describe('MarkdownView images', () => {
  it('turns a stored image that fails to load into an "image removed" placeholder', async () => {
    const { container } = render(
      <MarkdownView
        content={
          'Before\n\n![长城](/api/media/0f8c2e1a00004000800000000000000a)\n\n![elsewhere](https://example.com/a.png)'
        }
        cached={false}
      />,
    )
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(2))
    const [stored, external] = container.querySelectorAll('img')
    fireEvent.error(stored!)
    expect(screen.getByRole('img', { name: 'Image removed' })).toHaveTextContent('Image removed')
    // Someone else's picture that fails is left as it is.
    fireEvent.error(external!)
    expect(container.querySelectorAll('img')).toHaveLength(1)
    expect(screen.getByText('Before')).toBeInTheDocument()
  })

  it('knows the stored images by their path', () => {
    expect(isStoredImage('/api/media/abc')).toBe(true)
    expect(isStoredImage('/api/media/abc/thumbnail')).toBe(true)
    expect(isStoredImage('https://example.com/api/mediax')).toBe(false)
    expect(isStoredImage('/media/abc')).toBe(false)
  })
})
