import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadNamespace } from '@/lib/i18n.ts'
import { toastsAtom } from '@/lib/toast.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { stubXhr } from '@/test/xhr.ts'
import { ARTICLE, GROUP, image } from '../test/fixtures.ts'
import { useImageUpload, type ImageUpload } from './use-image-upload.ts'

const UPLOAD = `/api/groups/${GROUP}/gallery?articleId=${ARTICLE}`
const png = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' })
const stored = (n: number) => ({
  success: true,
  image: image(n, { width: 40, height: 30, articleId: ARTICLE }),
})

/** A Markdown field with the hook, as the editor and the reply form use it. */
function renderField(initial: string) {
  const seen: { upload: ImageUpload | null } = { upload: null }
  function Field() {
    const [text, setText] = useState(initial)
    const field = useRef<HTMLTextAreaElement>(null)
    const upload = useImageUpload({ groupId: GROUP, articleId: ARTICLE, text, setText, field })
    seen.upload = upload
    return (
      <>
        <textarea
          aria-label="Body"
          ref={field}
          value={text}
          onChange={(event) => setText(event.target.value)}
          {...upload.fieldProps}
        />
        <output aria-label="In flight">{upload.uploading}</output>
      </>
    )
  }
  const rendered = renderWithProviders(<Field />)
  const body = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Body' })
  const upload = () => seen.upload!
  const inFlight = () => screen.getByRole('status', { name: 'In flight' })
  return { ...rendered, body, upload, inFlight }
}

describe('useImageUpload', () => {
  beforeAll(() => loadNamespace('group-content'))

  it('puts a placeholder at the caret, uploads for the article, then links the image there', async () => {
    const xhr = stubXhr()
    const { body, upload, inFlight } = renderField('Before\nAfter')
    body.setSelectionRange(6, 6)
    act(() => upload().addImages([png('cat.png')]))

    expect(body).toHaveValue('Before\n\n![Uploading cat.png…]()\n\nAfter')
    // The caret goes after what was inserted, where typing goes on.
    expect(body.selectionStart).toBe('Before\n\n![Uploading cat.png…]()'.length)
    expect(inFlight()).toHaveTextContent('1')
    expect(xhr.requests[0]!.path).toBe(UPLOAD)

    act(() => xhr.requests[0]!.respond(201, stored(1)))
    await waitFor(() =>
      expect(body).toHaveValue(`Before\n\n![cat](${image(1).url}#40x30)\n\nAfter`),
    )
    expect(inFlight()).toHaveTextContent('0')
  })

  it('tells two uploads of one name apart and leaves them out of what is kept until they are in', async () => {
    const xhr = stubXhr()
    const { body, upload } = renderField('')
    act(() => upload().addImages([png('a.png'), png('a.png')]))
    expect(body).toHaveValue('![Uploading a.png…]()\n\n![Uploading a.png… (2)]()')
    expect(upload().withoutPending(`Hi\n\n${body.value}`)).toBe('Hi')

    act(() => xhr.requests[1]!.respond(201, stored(2)))
    const second = `![a](${image(2).url}#40x30)`
    await waitFor(() => expect(body).toHaveValue(`![Uploading a.png…]()\n\n${second}`))
    expect(upload().withoutPending(body.value)).toBe(second)
  })

  it('removes a refused upload’s placeholder and says why', async () => {
    const xhr = stubXhr()
    const { body, upload, store, inFlight } = renderField('Text')
    body.setSelectionRange(4, 4)
    act(() => upload().addImages([png('big.png')]))
    act(() =>
      xhr.requests[0]!.respond(413, {
        success: false,
        code: 'image_too_large',
        message: 'The image is larger than 10 MB',
      }),
    )
    await waitFor(() => expect(body).toHaveValue('Text'))
    expect(inFlight()).toHaveTextContent('0')
    expect(store.get(toastsAtom).map((toast) => [toast.type, toast.message])).toEqual([
      ['error', 'Could not upload big.png: The image is larger than 10 MB'],
    ])
  })

  it('keeps the text as it is when its placeholder was deleted by hand meanwhile', async () => {
    const xhr = stubXhr()
    const { body, upload } = renderField('')
    act(() => upload().addImages([png('a.png')]))
    const user = userEvent.setup()
    await user.clear(body)
    await user.type(body, 'Changed my mind')
    act(() => xhr.requests[0]!.respond(201, stored(1)))
    await waitFor(() => expect(upload().uploading).toBe(0))
    expect(body).toHaveValue('Changed my mind')
  })

  it('takes pasted and dropped images, warns of other files, and leaves pasted text alone', () => {
    const xhr = stubXhr()
    const { body, store } = renderField('')
    fireEvent.paste(body, { clipboardData: { files: [], types: ['text/plain'] } })
    expect(xhr.requests).toHaveLength(0)

    fireEvent.paste(body, { clipboardData: { files: [png('a.png')], types: ['Files'] } })
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' })
    fireEvent.drop(body, { dataTransfer: { files: [png('b.png'), text], types: ['Files'] } })
    expect(body).toHaveValue('![Uploading a.png…]()\n\n![Uploading b.png…]()')
    expect(xhr.requests).toHaveLength(2)
    expect(store.get(toastsAtom).map((toast) => toast.message)).toEqual([
      'Only images can be added to an article.',
    ])
  })

  it('puts an image of the gallery at the caret as a paragraph of its own', () => {
    const { body, upload } = renderField('One\nTwo')
    body.setSelectionRange(3, 3)
    act(() => upload().addFromGallery(image(3)))
    const markdown = `![image](${image(3).url}#1600x1200)`
    expect(body).toHaveValue(`One\n\n${markdown}\n\nTwo`)
    expect(body.selectionStart).toBe(`One\n\n${markdown}`.length)
  })
})
