import type { PreparedRequest } from '../request.ts'

/** What a try-it-out call gives back. A status is never an exception (spec §7). */
export type CallResult =
  | {
      kind: 'response'
      httpStatus: number
      /** The body's own `success` flag, else true for 200–299. */
      success: boolean
      elapsedMs: number
      headers: [string, string][]
      contentType: string
      /** Parsed JSON, or the text as it came. */
      body: unknown
      isJson: boolean
      bodyText: string
    }
  | { kind: 'network-error'; message: string; elapsedMs: number }

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Sends a prepared request with the browser's cookies (`credentials: 'include'`, the 'sta'
 * mode), times it to the end of the body, and reports status, headers and body whatever the
 * status. Only a failure to reach the server at all is reported as a network error.
 */
export async function callEndpoint(
  request: PreparedRequest,
  now: () => number = () => performance.now(),
): Promise<CallResult> {
  const started = now()
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      credentials: 'include',
      cache: 'no-store',
    })
    const bodyText = await response.text()
    const elapsedMs = Math.max(0, Math.round(now() - started))
    const headers: [string, string][] = []
    response.headers.forEach((value, name) => headers.push([name, value]))
    headers.sort(([a], [b]) => a.localeCompare(b))
    let body: unknown = bodyText
    let isJson = false
    if (bodyText.trim() !== '') {
      try {
        body = JSON.parse(bodyText)
        isJson = true
      } catch {
        // Not JSON (HTML, an event stream, plain text): shown as it came.
      }
    }
    const ok = response.status >= 200 && response.status <= 299
    return {
      kind: 'response',
      httpStatus: response.status,
      success: isPlainObject(body) && typeof body.success === 'boolean' ? body.success : ok,
      elapsedMs,
      headers,
      contentType: response.headers.get('Content-Type') ?? '',
      body,
      isJson,
      bodyText,
    }
  } catch (error) {
    return {
      kind: 'network-error',
      message: error instanceof Error ? error.message : String(error),
      elapsedMs: Math.max(0, Math.round(now() - started)),
    }
  }
}
