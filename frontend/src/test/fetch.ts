import { vi } from 'vitest'

export interface StubResponse {
  status?: number
  body?: unknown
  /** Content-Type; defaults to application/json for non-string bodies. */
  contentType?: string
}

function toResponse({ status = 200, body, contentType }: StubResponse): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
  const type =
    contentType ?? (typeof body === 'string' || body === undefined ? undefined : 'application/json')
  return new Response(status === 204 ? null : text, {
    status,
    headers: type ? { 'Content-Type': type } : {},
  })
}

/** Replaces fetch with a stub answering the given responses in order (the last one repeats). */
export function stubFetch(...responses: StubResponse[]) {
  let call = 0
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses[Math.min(call, responses.length - 1)]
    call++
    if (!next) throw new Error('stubFetch: no response configured')
    return toResponse(next)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** Routes stubbed calls by "METHOD /path" to a handler returning a response (or a promise of one). */
export function stubApi(
  routes: Record<string, (init: RequestInit | undefined) => StubResponse | Promise<StubResponse>>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      input instanceof Request ? input.url : input.toString(),
      window.location.href,
    )
    const key = `${init?.method ?? 'GET'} ${url.pathname}`
    const handler = routes[key]
    if (!handler) throw new Error(`stubApi: unexpected ${key}`)
    return toResponse(await handler(init))
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
