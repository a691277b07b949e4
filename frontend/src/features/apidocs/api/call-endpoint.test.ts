import { afterEach, describe, expect, it, vi } from 'vitest'
import { callEndpoint } from './call-endpoint.ts'

afterEach(() => vi.unstubAllGlobals())

function stubResponse(body: string | null, init: ResponseInit) {
  const fetchMock = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(body, init),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const request = {
  method: 'GET',
  url: 'http://localhost:3000/api/auth/token',
  headers: [
    ['Accept', 'application/json'],
    ['Authorization', 'Bearer cyp_x'],
  ] as [string, string][],
  body: undefined,
}

describe('callEndpoint (spec §7)', () => {
  it('sends the prepared request with credentials included', async () => {
    const fetchMock = stubResponse('{}', {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    })
    await callEndpoint({ ...request, method: 'POST', body: '{"a":1}' })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe(request.url)
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' })
    expect(new Headers(init!.headers).get('Authorization')).toBe('Bearer cyp_x')
  })

  it('never throws on a status: 401 comes back with the body, the time and the headers', async () => {
    stubResponse('{"success":false,"code":"invalid_token","message":"bad"}', {
      status: 401,
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'r1' },
    })
    let clock = 1000
    const result = await callEndpoint(request, () => (clock += 42))
    expect(result).toMatchObject({
      kind: 'response',
      httpStatus: 401,
      success: false,
      elapsedMs: 42,
      isJson: true,
      body: { code: 'invalid_token' },
    })
    if (result.kind !== 'response') throw new Error('unreachable')
    expect(result.headers).toEqual([
      ['content-type', 'application/json'],
      ['x-request-id', 'r1'],
    ])
  })

  it('success is the body’s flag when it has one, else 2xx', async () => {
    stubResponse('{"success":false}', { status: 200 })
    expect(await callEndpoint(request)).toMatchObject({ httpStatus: 200, success: false })
    stubResponse('[1,2]', { status: 201 })
    expect(await callEndpoint(request)).toMatchObject({
      httpStatus: 201,
      success: true,
      body: [1, 2],
    })
    stubResponse('<!doctype html><p>oops', {
      status: 502,
      headers: { 'Content-Type': 'text/html' },
    })
    expect(await callEndpoint(request)).toMatchObject({
      httpStatus: 502,
      success: false,
      isJson: false,
      body: '<!doctype html><p>oops',
    })
    stubResponse(null, { status: 204 })
    expect(await callEndpoint(request)).toMatchObject({
      httpStatus: 204,
      success: true,
      bodyText: '',
    })
  })

  it('reports a request that never reached the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    expect(await callEndpoint(request)).toMatchObject({
      kind: 'network-error',
      message: 'Failed to fetch',
    })
  })
})
