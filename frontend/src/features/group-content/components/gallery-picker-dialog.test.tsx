import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  ARTICLE,
  article,
  articleApi,
  galleryRoutes,
  GROUP,
  image,
  renderGroupPage,
} from '../test/fixtures.ts'

const EDIT = `/group/${GROUP}/article/${ARTICLE}/edit`
const GALLERY = `/api/groups/${GROUP}/gallery`

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

/** The article's editor over a gallery in `pages`, its text `body`. */
async function openEditor(pages: Parameters<typeof galleryRoutes>[0], body = 'One\nTwo') {
  const server = articleApi(article({ body }))
  const app = renderGroupPage(EDIT, { routes: { ...server.routes, ...galleryRoutes(pages) } })
  const field = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Text (Markdown)' })
  return { ...app, field }
}

const picker = () => screen.findByRole('dialog', { name: "Choose from the group's gallery" })

describe('choosing an image from the gallery', () => {
  it('lists the thumbnails a page at a time; a tap puts the image at the caret and closes', async () => {
    const { user, field, fetchMock } = await openEditor([[image(1), image(2)], [image(3)]])
    field.setSelectionRange(3, 3)
    await user.click(screen.getByRole('button', { name: 'From the gallery' }))
    const dialog = await picker()
    const list = within(await within(dialog).findByRole('list', { name: 'Gallery images' }))
    expect(list.getAllByRole('button')).toHaveLength(2)
    expect(dialog.querySelector('img')).toHaveAttribute('src', image(1).thumbnailUrl)

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(list.getAllByRole('button')).toHaveLength(3))
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(`${GALLERY}?cursor=c2`)

    await user.click(list.getAllByRole('button')[2]!)
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(field).toHaveValue(`One\n\n![image](${image(3).url}#1600x1200)\n\nTwo`)
  })

  it('works from the keyboard: Tab to a thumbnail, Enter chooses; Escape closes without one', async () => {
    const { user, field } = await openEditor([[image(1), image(2)]], '')
    const open = screen.getByRole('button', { name: 'From the gallery' })
    await user.click(open)
    let dialog = await picker()
    await within(dialog).findByRole('list', { name: 'Gallery images' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(field).toHaveValue('')
    expect(open).toHaveFocus()

    await user.keyboard('{Enter}')
    dialog = await picker()
    const second = (await within(dialog).findAllByRole('button', { name: /^Insert the image/ }))[1]!
    while (document.activeElement !== second) await user.tab()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(field).toHaveValue(`![image](${image(2).url}#1600x1200)`)
  })

  it('says so when the gallery is empty', async () => {
    const { user } = await openEditor([[]])
    await user.click(screen.getByRole('button', { name: 'From the gallery' }))
    expect(await within(await picker()).findByText('The gallery has no images yet.')).toBeVisible()
  })
})
