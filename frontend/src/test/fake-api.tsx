import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { vi } from 'vitest'
import { createAppRouter } from '@/app/router.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import type { StubResponse } from '@/test/fetch.ts'

/** A request as a handler of the fake server sees it. */
export interface FakeRequest {
  method: string
  url: URL
  /** The JSON body parsed, a Blob as it is, else undefined. */
  body: unknown
  headers: Headers
}

export type Handler = (request: FakeRequest) => StubResponse | Promise<StubResponse>

function toResponse({ status = 200, body, contentType }: StubResponse): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
  const type =
    contentType ?? (typeof body === 'string' || body === undefined ? undefined : 'application/json')
  // A 204 has no body (the Response constructor refuses one), as in fetch.ts.
  return new Response(status === 204 ? null : text, {
    status,
    headers: type ? { 'Content-Type': type } : {},
  })
}

/**
 * The whole app (real router, shell, query client) at `path` with fetch answered by handlers
 * keyed "METHOD /path" (as `renderApp` does), which also see the query string and the body.
 * Every request is recorded in `requests`.
 */
export function renderGroupsApp(path: string, routes: Record<string, Handler>) {
  window.history.replaceState(null, '', path)
  const requests: FakeRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      input instanceof Request ? input.url : input.toString(),
      window.location.href,
    )
    const method = init?.method ?? 'GET'
    const raw = init?.body
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : (raw ?? undefined)
    const request = { method, url, body, headers: new Headers(init?.headers) }
    requests.push(request)
    const handler = routes[`${method} ${url.pathname}`]
    if (!handler) throw new Error(`renderGroupsApp: unexpected ${method} ${url.pathname}`)
    return toResponse(await handler(request))
  })
  vi.stubGlobal('fetch', fetchMock)
  const router = createAppRouter(createQueryClient())
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={router.options.context.queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  )
  /** The requests made to `METHOD /path`, in order. */
  const calls = (method: string, pathname: string) =>
    requests.filter((request) => request.method === method && request.url.pathname === pathname)
  return { requests, calls, router, user: userEvent.setup() }
}

/** An error as the server sends it (docs/api.md). */
export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): StubResponse {
  return { status, body: { success: false, code, message, ...(fields ? { fields } : {}) } }
}
