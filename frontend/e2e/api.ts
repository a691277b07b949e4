// The one way the e2e data helpers and specs call the API as a signed-in browser would: the
// request context's cookies, the Origin header the server's CSRF check wants, and a failure that
// names the call and the server's answer.
import type { APIRequestContext } from '@playwright/test'
import { expect } from './checks.ts'

export async function call<T>(
  request: APIRequestContext,
  baseURL: string,
  method: 'POST' | 'PUT',
  path: string,
  data?: unknown,
  contentType?: string,
): Promise<T> {
  const res = await request.fetch(`${baseURL}${path}`, {
    method,
    data,
    headers: { Origin: baseURL, ...(contentType ? { 'Content-Type': contentType } : {}) },
  })
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return (await res.json()) as T
}
