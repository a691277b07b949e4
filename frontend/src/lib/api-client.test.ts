import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubFetch } from '@/test/fetch.ts'
import {
  ApiError,
  apiRequest,
  errorMessage,
  httpStatusMessage,
  KNOWN_HTTP_STATUSES,
  RETRY_DELAY_MS,
  resetPreloadedForTests,
  type HttpMethod,
} from './api-client.ts'
import { i18n } from './i18n.ts'

/** Runs a request to completion, letting the retry delay pass on the fake clock. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  await vi.runAllTimersAsync()
  const result = await outcome
  if ('error' in result) throw result.error
  return result.value
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await settle(promise)
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected the request to fail')
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
  document.head.querySelector('meta[name="courtyard:api-base"]')?.remove()
})

describe('retries (spec §7)', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])(
    'retries a GET once after %i and returns the second answer',
    async (status) => {
      const fetchMock = stubFetch(
        { status, body: { success: false } },
        { body: { success: true, n: 2 } },
      )
      await expect(settle(apiRequest('/api/thing'))).resolves.toEqual({ success: true, n: 2 })
      expect(fetchMock).toHaveBeenCalledTimes(2)
    },
  )

  it.each(['HEAD', 'OPTIONS'] as const)('retries the safe method %s too', async (method) => {
    const fetchMock = stubFetch({ status: 503 }, { status: 200 })
    await settle(apiRequest('/api/thing', { method }))
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe(method)
  })

  it('waits before the retry', async () => {
    const fetchMock = stubFetch({ status: 503 }, { body: { ok: true } })
    const pending = apiRequest('/api/thing')
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await expect(pending).resolves.toEqual({ ok: true })
  })

  it('retries only once: a second failure is the error', async () => {
    const fetchMock = stubFetch({ status: 503, body: { message: 'busy' } })
    const error = await failure(apiRequest('/api/thing'))
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(error.status).toBe(503)
    expect(error.message).toBe('busy')
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as HttpMethod[])(
    'never retries %s',
    async (method) => {
      const fetchMock = stubFetch(
        { status: 503, body: { message: 'busy' } },
        { body: { ok: true } },
      )
      await failure(apiRequest('/api/thing', { method, body: { a: 1 } }))
      expect(fetchMock).toHaveBeenCalledTimes(1)
    },
  )

  it.each([400, 401, 403, 404, 413, 422])('does not retry a GET on %i', async (status) => {
    const fetchMock = stubFetch({ status, body: { message: 'no' } }, { body: { ok: true } })
    await failure(apiRequest('/api/thing'))
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})

describe('what a request sends', () => {
  it('sends Accept-Language = display language, JSON and same-origin credentials', async () => {
    const fetchMock = stubFetch({ body: { success: true } })
    await settle(
      apiRequest('/api/auth/username/login', { method: 'POST', body: { username: 'li' } }),
    )
    const [url, init] = fetchMock.mock.calls[0] ?? []
    const headers = new Headers(init?.headers)
    expect(url).toBe('/api/auth/username/login')
    expect(headers.get('Accept-Language')).toBe('en')
    expect(headers.get('Accept')).toBe('application/json')
    expect(headers.get('Content-Type')).toBe('application/json')
    expect(init?.body).toBe('{"username":"li"}')
    expect(init?.credentials).toBe('same-origin')
  })

  it('follows the display language', async () => {
    const fetchMock = stubFetch({ body: {} })
    await i18n.changeLanguage('zh')
    try {
      await settle(apiRequest('/api/x'))
    } finally {
      await i18n.changeLanguage('en')
    }
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Accept-Language')).toBe('zh')
  })

  it('takes the base URL from the runtime config', async () => {
    const meta = document.createElement('meta')
    meta.name = 'courtyard:api-base'
    meta.content = 'https://api.example.test/'
    document.head.append(meta)
    const fetchMock = stubFetch({ body: {} })
    await settle(apiRequest('/api/health'))
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example.test/api/health')
  })
})

describe('success responses', () => {
  it('treats 200–399 as success and returns the parsed body', async () => {
    stubFetch({ status: 201, body: { success: true, user: { id: '1' } } })
    await expect(settle(apiRequest('/api/x'))).resolves.toEqual({
      success: true,
      user: { id: '1' },
    })
  })

  it('treats 400 and 599 as errors', async () => {
    stubFetch({ status: 400, body: { message: 'bad' } })
    expect((await failure(apiRequest('/api/x', { method: 'POST' }))).status).toBe(400)
    stubFetch({ status: 599, body: { message: 'odd' } })
    expect((await failure(apiRequest('/api/x', { method: 'POST' }))).status).toBe(599)
  })
})

describe('error catalogue (spec §8)', () => {
  it('HTML response: the translated message of its status', async () => {
    stubFetch({
      status: 502,
      body: '<!doctype html><title>Bad Gateway</title>',
      contentType: 'text/html',
    })
    const error = await failure(apiRequest('/api/x', { method: 'POST' }))
    expect(error.body).toEqual({ success: false, message: 'Bad gateway', httpStatus: 502 })
  })

  it('HTML response with a status that has no message: unexpected HTML', async () => {
    stubFetch({ status: 418, body: '<html><body>teapot</body></html>', contentType: 'text/html' })
    const error = await failure(apiRequest('/api/x'))
    expect(error.message).toBe('server returned an unexpected HTML response')
    expect(error.status).toBe(418)
  })

  it('HTML served for a successful call (e.g. the SPA fallback) is an error too', async () => {
    stubFetch({ status: 200, body: '<!DOCTYPE html><html></html>' })
    const error = await failure(apiRequest('/api/x'))
    expect(error.message).toBe('server returned an unexpected HTML response')
  })

  it('object body: merged with success false and the status', async () => {
    stubFetch({
      status: 401,
      body: {
        success: false,
        code: 'invalid_credentials',
        message: '用户名或密码错误',
        fields: { password: 'x' },
      },
    })
    const error = await failure(apiRequest('/api/x', { method: 'POST' }))
    expect(error.body).toEqual({
      success: false,
      code: 'invalid_credentials',
      message: '用户名或密码错误',
      fields: { password: 'x' },
      httpStatus: 401,
    })
    expect(error.code).toBe('invalid_credentials')
  })

  it('object body claiming success is still success false', async () => {
    stubFetch({ status: 409, body: { success: true, message: 'conflict', httpStatus: 200 } })
    const error = await failure(apiRequest('/api/x', { method: 'POST' }))
    expect(error.body.success).toBe(false)
    expect(error.body.httpStatus).toBe(409)
  })

  it('string body: becomes the message', async () => {
    stubFetch({ status: 400, body: 'username is required', contentType: 'text/plain' })
    expect((await failure(apiRequest('/api/x', { method: 'POST' }))).message).toBe(
      'username is required',
    )
  })

  it('JSON string body: becomes the message', async () => {
    stubFetch({ status: 400, body: '"quota exceeded"', contentType: 'application/json' })
    expect((await failure(apiRequest('/api/x', { method: 'POST' }))).message).toBe('quota exceeded')
  })

  it('no message: server error (status)', async () => {
    stubFetch({ status: 422, body: { success: false, code: 'validation_failed' } })
    const error = await failure(apiRequest('/api/x', { method: 'POST' }))
    expect(error.message).toBe('server error (422)')
    expect(error.code).toBe('validation_failed')
  })

  it('empty body: server error (status)', async () => {
    stubFetch({ status: 500 })
    expect((await failure(apiRequest('/api/x', { method: 'POST' }))).message).toBe(
      'server error (500)',
    )
  })

  it('unparsable response: cannot parse server response plus the reason', async () => {
    const raw = '{"success": fal'
    let reason = ''
    try {
      JSON.parse(raw)
    } catch (error) {
      reason = (error as Error).message
    }
    stubFetch({ status: 200, body: raw, contentType: 'application/json; charset=utf-8' })
    const error = await failure(apiRequest('/api/x'))
    expect(error.message).toBe(`cannot parse server response: ${reason}`)
    expect(error.body.success).toBe(false)
  })

  it('exception (network failure): error while handling response, status 500', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    const error = await failure(apiRequest('/api/x'))
    expect(error.body).toEqual({
      success: false,
      message: 'error while handling response',
      httpStatus: 500,
    })
    expect(error.cause).toBeInstanceOf(TypeError)
  })

  it('exception while reading the body: error while handling response', async () => {
    const response = new Response('{}', { status: 200 })
    vi.spyOn(response, 'text').mockRejectedValue(new Error('stream broke'))
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(response))
    expect((await failure(apiRequest('/api/x'))).message).toBe('error while handling response')
  })

  it('an aborted request stays an AbortError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')))
    await expect(settle(apiRequest('/api/x'))).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('default for anything that is not an ApiError: server error', () => {
    expect(errorMessage(new Error('boom'))).toBe('server error')
    expect(errorMessage(new Error('boom'), 'Login failed')).toBe('Login failed')
    expect(
      errorMessage(new ApiError({ success: false, message: 'from server', httpStatus: 400 }), 'x'),
    ).toBe('from server')
  })
})

describe('HTTP status messages', () => {
  it('has its own translated message for each listed status, in zh and en', async () => {
    const english = KNOWN_HTTP_STATUSES.map(httpStatusMessage)
    await i18n.changeLanguage('zh')
    const chinese = KNOWN_HTTP_STATUSES.map(httpStatusMessage)
    await i18n.changeLanguage('en')
    expect(new Set(english).size).toBe(KNOWN_HTTP_STATUSES.length)
    for (const [index, status] of KNOWN_HTTP_STATUSES.entries()) {
      expect(english[index]).not.toContain(String(status))
      expect(chinese[index]).not.toBe(english[index])
    }
    expect(httpStatusMessage(404)).toBe('Not found')
    expect(chinese[KNOWN_HTTP_STATUSES.indexOf(404)]).toBe('请求的内容不存在')
  })

  it('gives any other status the generic message with the number', () => {
    expect(httpStatusMessage(418)).toBe('Unexpected response status 418')
  })
})

describe("answers the server's HTML preloaded", () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove())
    resetPreloadedForTests()
  })

  it('takes a preloaded GET once, asking as the preload did (no headers of its own)', async () => {
    resetPreloadedForTests()
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="preload" as="fetch" crossorigin href="/api/plaza/posts">',
    )
    const fetchMock = stubFetch({ body: { n: 1 } }, { body: { n: 2 } }, { body: { n: 3 } })
    await expect(settle(apiRequest('/api/plaza/posts'))).resolves.toEqual({ n: 1 })
    await settle(apiRequest('/api/plaza/posts'))
    await settle(apiRequest('/api/districts'))
    const [first, second, other] = fetchMock.mock.calls.map(([, init]) => init as RequestInit)
    expect(first?.headers).toBeUndefined()
    expect(first?.credentials).toBe('same-origin')
    expect(new Headers(second?.headers).get('Accept-Language')).toBe(i18n.language)
    expect(new Headers(other?.headers).get('Accept')).toBe('application/json')
  })
})
