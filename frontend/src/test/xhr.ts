import { vi } from 'vitest'

type Listener = (event: Event) => void

class Events {
  private listeners = new Map<string, Listener[]>()

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((known) => known !== listener),
    )
  }

  emit(event: Event) {
    for (const listener of this.listeners.get(event.type) ?? []) listener(event)
  }
}

/**
 * A stand-in for XMLHttpRequest (uploads, which report progress), at the network edge like
 * `stubFetch`: each request waits until the test drives it with `progress()`, `respond()` or
 * `fail()`. `FakeXhr.requests` lists every request sent, oldest first.
 */
class FakeXhr extends Events {
  static requests: FakeXhr[] = []

  readonly upload = new Events()
  method = ''
  url = ''
  readonly requestHeaders: Record<string, string> = {}
  body: unknown = undefined
  status = 0
  responseText = ''
  aborted = false
  private responseHeaders: Record<string, string> = {}

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }

  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name.toLowerCase()] = value
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null
  }

  send(body: unknown) {
    this.body = body
    FakeXhr.requests.push(this)
  }

  abort() {
    this.aborted = true
    this.emit(new Event('abort'))
  }

  /** The path and query of the request (its URL without the origin). */
  get path(): string {
    const url = new URL(this.url, window.location.href)
    return `${url.pathname}${url.search}`
  }

  /** `loaded` of `total` bytes went out. */
  progress(loaded: number, total: number) {
    this.upload.emit(new ProgressEvent('progress', { loaded, total, lengthComputable: true }))
  }

  /** The server answered (a JSON body unless `contentType` says otherwise). */
  respond(status: number, body: unknown, contentType = 'application/json') {
    this.status = status
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body)
    this.responseHeaders = { 'content-type': contentType }
    this.emit(new Event('load'))
  }

  /** No answer at all (the connection broke). */
  fail() {
    this.emit(new Event('error'))
  }
}

/** Replaces XMLHttpRequest for this test (vitest's `unstubGlobals` restores it). */
export function stubXhr(): typeof FakeXhr {
  FakeXhr.requests = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return FakeXhr
}
