import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client.ts'
import { uploadFile } from './upload.ts'
import { stubXhr } from '@/test/xhr.ts'

describe('uploadFile', () => {
  const file = new File([new Uint8Array(1000)], 'photo.png', { type: 'image/png' })

  it('posts the raw file with the API headers and reports progress', async () => {
    const xhr = stubXhr()
    const progress: Array<[number, number]> = []
    const done = uploadFile<{ ok: boolean }>('/api/upload?x=1', file, {
      onProgress: ({ loaded, total }) => progress.push([loaded, total]),
    })
    const request = xhr.requests[0]!
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/api/upload?x=1')
    expect(request.body).toBe(file)
    expect(request.requestHeaders).toMatchObject({
      'content-type': 'application/octet-stream',
      accept: 'application/json',
      'accept-language': 'en',
    })
    request.progress(400, 1000)
    request.progress(1000, 1000)
    request.respond(201, { ok: true })
    await expect(done).resolves.toEqual({ ok: true })
    expect(progress).toEqual([
      [400, 1000],
      [1000, 1000],
    ])
  })

  it('rejects with the server’s message and code, read like any API answer', async () => {
    const xhr = stubXhr()
    const done = uploadFile('/api/upload', file)
    xhr.requests[0]!.respond(415, {
      success: false,
      code: 'unsupported_image_type',
      message: 'Only JPEG, PNG, WebP and GIF images',
    })
    const error = await done.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(415)
    expect((error as ApiError).code).toBe('unsupported_image_type')
    expect((error as ApiError).message).toBe('Only JPEG, PNG, WebP and GIF images')
  })

  it('turns a proxy’s HTML 413 page into the translated status message', async () => {
    const xhr = stubXhr()
    const done = uploadFile('/api/upload', file)
    xhr.requests[0]!.respond(413, '<html><body>Too large</body></html>', 'text/html')
    await expect(done).rejects.toMatchObject({ status: 413, message: 'The request is too large' })
  })

  it('rejects a broken connection with the catalogue’s message, and an abort as AbortError', async () => {
    const xhr = stubXhr()
    const broken = uploadFile('/api/upload', file)
    xhr.requests[0]!.fail()
    await expect(broken).rejects.toMatchObject({ message: 'error while handling response' })

    const controller = new AbortController()
    const aborted = uploadFile('/api/upload', file, { signal: controller.signal })
    controller.abort()
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' })
    expect(xhr.requests[1]!.aborted).toBe(true)
  })
})
