import { displayLanguage, i18n } from './i18n.ts'

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Safe methods are retried once on these statuses; unsafe ones never are (spec §7). */
const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504])
const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS'])
export const RETRY_DELAY_MS = 300

/** Statuses with their own translated message (spec §8). */
export const KNOWN_HTTP_STATUSES = [400, 401, 403, 404, 408, 413, 429, 500, 502, 503, 504] as const
type KnownHttpStatus = (typeof KNOWN_HTTP_STATUSES)[number]

/** What every failed call resolves to (spec §8): always `success: false`, a message and a status. */
interface ApiErrorBody {
  success: false
  message: string
  httpStatus: number
  /** Stable machine code from the server's error envelope (docs/api.md). */
  code?: string
  /** Per-field messages for validation errors. */
  fields?: Record<string, string>
  [key: string]: unknown
}

export class ApiError extends Error {
  readonly body: ApiErrorBody

  constructor(body: ApiErrorBody, options?: { cause?: unknown }) {
    super(body.message, options)
    this.name = 'ApiError'
    this.body = body
  }

  get status(): number {
    return this.body.httpStatus
  }

  get code(): string | undefined {
    return this.body.code
  }
}

function isKnownStatus(status: number): status is KnownHttpStatus {
  return (KNOWN_HTTP_STATUSES as readonly number[]).includes(status)
}

/** The translated message for a status with its own entry, else undefined. */
function knownHttpStatusMessage(status: number): string | undefined {
  return isKnownStatus(status) ? i18n.t(`errors:httpStatus.${status}`) : undefined
}

/** The translated message for any status; unknown ones get the generic text with the number. */
export function httpStatusMessage(status: number): string {
  return knownHttpStatusMessage(status) ?? i18n.t('errors:httpStatus.unknown', { status })
}

/**
 * A wait in words, as the server writes it in a 429's message: seconds below two minutes, then
 * minutes, then hours, rounded up ('30 s', '10 min', '2 h'; '30 秒', '10 分钟', '2 小时').
 */
export function waitWords(seconds: number): string {
  const secs = Math.max(1, Math.ceil(seconds))
  if (secs < 120) return i18n.t('errors:wait.seconds', { count: secs })
  if (secs < 2 * 3600) return i18n.t('errors:wait.minutes', { count: Math.ceil(secs / 60) })
  return i18n.t('errors:wait.hours', { count: Math.ceil(secs / 3600) })
}

/**
 * Seconds to wait before trying again, from `Retry-After` (seconds or an HTTP date) or the body's
 * `retryAfter`; null when the answer names none.
 */
export function parseRetryAfter(value: unknown, now: number = Date.now()): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null
  if (typeof value !== 'string' || value.trim() === '') return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/** How long a refused call asks to wait (429, or a 503 that names a wait), in seconds; else null. */
export function retryAfterSeconds(error: unknown): number | null {
  return error instanceof ApiError ? parseRetryAfter(error.body.retryAfter) : null
}

/**
 * A 429's body says when to try again even when the answer did not come from our server (a proxy's
 * page): `retryAfter` from the `Retry-After` header, and the catalogue's message with the wait.
 * The server's own message already ends with it (docs/api.md) and is kept as it is.
 */
function withRetryAfter(
  body: ApiErrorBody,
  header: string | null,
  fromServer: boolean,
): ApiErrorBody {
  const wait = parseRetryAfter(body.retryAfter) ?? parseRetryAfter(header)
  if (wait === null) return body
  const message =
    body.httpStatus === 429 && !fromServer
      ? i18n.t('errors:api.tooManyRequestsWait', { wait: waitWords(wait) })
      : body.message
  return { ...body, retryAfter: wait, message }
}

/** Whether the body's message is the server's own (a JSON error with a message). */
function hasServerMessage(text: string): boolean {
  try {
    const data: unknown = JSON.parse(text)
    return isPlainObject(data) && typeof data.message === 'string' && data.message.trim() !== ''
  } catch {
    return false
  }
}

/** The catalogue's default error (spec §8). */
function defaultErrorBody(): ApiErrorBody {
  return { success: false, message: i18n.t('errors:api.serverError'), httpStatus: 500 }
}

/**
 * The message to show for a failed call: the server's (or the catalogue's) message of an
 * {@link ApiError}, else the given fallback, else the catalogue default 'server error'.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.message
  return fallback ?? defaultErrorBody().message
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function looksLikeHtml(contentType: string, text: string): boolean {
  if (contentType.includes('text/html')) return true
  const start = text.trimStart().slice(0, 15).toLowerCase()
  return start.startsWith('<!doctype html') || start.startsWith('<html')
}

type Parsed = { ok: true; data: unknown } | { ok: false; body: ApiErrorBody }

/**
 * Reads a response body following the error catalogue of spec §8. A success response is only
 * an error when it cannot be used (HTML or unparsable JSON); `httpStatus` is always the real one.
 */
function interpretBody(
  contentType: string,
  text: string,
  status: number,
  isError: boolean,
): Parsed {
  const fail = (message: string, extra: Record<string, unknown> = {}): Parsed => ({
    ok: false,
    body: { ...defaultErrorBody(), ...extra, success: false, httpStatus: status, message },
  })
  const statusFallback = () => i18n.t('errors:api.serverErrorWithStatus', { status })

  if (looksLikeHtml(contentType, text)) {
    return fail(knownHttpStatusMessage(status) ?? i18n.t('errors:api.unexpectedHtml'))
  }

  let data: unknown = undefined
  if (text.trim() !== '') {
    const declaredJson = contentType.includes('json')
    if (declaredJson || contentType === '') {
      try {
        data = JSON.parse(text)
      } catch (error) {
        if (declaredJson) {
          const reason = error instanceof Error ? error.message : String(error)
          return fail(i18n.t('errors:api.cannotParse', { reason }))
        }
        data = text
      }
    } else {
      data = text
    }
  }

  if (!isError) return { ok: true, data }

  if (typeof data === 'string') return fail(data.trim() || statusFallback())
  if (isPlainObject(data)) {
    const message =
      typeof data.message === 'string' && data.message.trim() ? data.message : statusFallback()
    return fail(message, data)
  }
  return fail(statusFallback())
}

/**
 * A response read outside {@link apiRequest} (an upload through XMLHttpRequest, which reports
 * progress): its parsed body, or the {@link ApiError} spec §8 makes of it, by the same rules.
 */
export function readApiResponse<T>(
  status: number,
  contentType: string,
  text: string,
  retryAfter: string | null = null,
): T {
  const parsed = interpretBody(
    contentType.toLowerCase(),
    text,
    status,
    status >= 400 && status <= 599,
  )
  if (!parsed.ok)
    throw new ApiError(withRetryAfter(parsed.body, retryAfter, hasServerMessage(text)))
  return parsed.data as T
}

/** A request that got no response at all (network down, connection reset): spec §8's error. */
export function requestFailedError(cause?: unknown): ApiError {
  return new ApiError(
    { ...defaultErrorBody(), message: i18n.t('errors:api.handlingFailed') },
    { cause },
  )
}

/** Base URL of the API from the page's runtime config: `<meta name="courtyard:api-base">`. */
export function apiBaseUrl(doc: Document = document): string {
  const configured = doc.querySelector<HTMLMetaElement>('meta[name="courtyard:api-base"]')?.content
  return (configured ?? '').replace(/\/+$/, '')
}

let preloadedUrls: Set<string> | undefined

/**
 * Whether the page's HTML preloads `url` (`<link rel="preload" as="fetch">`, which the server
 * writes for the first screen's API GETs: app-server/src/spa/first_screen.rs), and that answer
 * is not taken yet. The browser hands a preloaded answer only to a request that matches it
 * header for header, so the caller sends this one with none of its own: the server then reads
 * the language from the cookie and the browser's `Accept-Language`, which the server's HTML
 * checked give the display language (it preloads nothing otherwise). Each answer once.
 */
function takePreloaded(url: string, doc: Document = document): boolean {
  preloadedUrls ??= new Set(
    Array.from(
      doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]'),
      (link) => link.href,
    ),
  )
  const absolute = new URL(url, doc.baseURI).href
  return preloadedUrls.delete(absolute)
}

/** Forgets what the page preloads (tests). */
export function resetPreloadedForTests(): void {
  preloadedUrls = undefined
}

interface RequestOptions {
  method?: HttpMethod
  /** Plain objects and arrays are sent as JSON; FormData, Blob and strings as they are. */
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined
  if (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  ) {
    return body
  }
  headers.set('Content-Type', 'application/json')
  return JSON.stringify(body)
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })
}

/**
 * The generic client of spec §7: JSON in and out, `Accept-Language` = display language,
 * same-origin credentials, one retry for safe methods on transient statuses, 400–599 are
 * errors. Resolves with the parsed body; rejects with an {@link ApiError} shaped by §8.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET'
  const headers = new Headers(options.headers)
  headers.set('Accept', 'application/json')
  headers.set('Accept-Language', displayLanguage())
  const body = encodeBody(options.body, headers)
  const url = `${apiBaseUrl()}${path}`
  const maxAttempts = SAFE_METHODS.has(method) ? 2 : 1

  for (let attempt = 1; ; attempt++) {
    let response: Response
    let text: string
    // The first GET of an answer the page's HTML already asked for goes out exactly as the
    // preload did (no headers of its own), so the browser hands over that answer.
    const preloaded =
      method === 'GET' && attempt === 1 && options.headers === undefined && takePreloaded(url)
    try {
      response = await fetch(url, {
        method,
        headers: preloaded ? undefined : headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
      })
      if (attempt < maxAttempts && RETRY_STATUSES.has(response.status)) {
        void response.body?.cancel().catch(() => undefined)
        await wait(RETRY_DELAY_MS, options.signal)
        continue
      }
      text = await response.text()
    } catch (error) {
      if (isAbort(error)) throw error
      throw requestFailedError(error)
    }

    const parsed = interpretBody(
      response.headers.get('Content-Type')?.toLowerCase() ?? '',
      text,
      response.status,
      response.status >= 400 && response.status <= 599,
    )
    if (!parsed.ok) {
      const retryAfter = response.headers.get('Retry-After')
      throw new ApiError(withRetryAfter(parsed.body, retryAfter, hasServerMessage(text)))
    }
    return parsed.data as T
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
}
