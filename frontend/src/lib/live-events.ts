import { useEffect, useRef, useSyncExternalStore } from 'react'
import { apiBaseUrl } from './api-client.ts'
import type { components } from './api/schema.gen.ts'

type Schemas = components['schemas']

/**
 * What the live stream (`GET /api/notifications/stream`, server-sent events) brings, by name:
 * a new or grown notification, the unread count (sent first on every connection, then whenever
 * it changes in any tab), news that a plaza post was published, and `open`: the stream
 * (re)connected, so whatever it would have said while it was down may have been missed.
 */
interface LiveEvents {
  notification: Schemas['NotificationDto']
  unread: Schemas['UnreadEvent']['unread']
  plaza: undefined
  open: undefined
}
type LiveEventName = keyof LiveEvents
type Listener<K extends LiveEventName> = (data: LiveEvents[K]) => void
/** The `data` of a `notification` event. */
type NotificationEventData = Schemas['NotificationEvent']

const STREAM_PATH = '/api/notifications/stream'
/**
 * After the browser gave up on the stream (an answer that is not a stream: a 401, a 5xx), how
 * long until this tab tries once more. Network drops and the server's 30-minute end are
 * EventSource's own: it reconnects after the server's `retry` (3 s) with `Last-Event-ID`.
 */
export const LIVE_RETRY_MS = 15_000

const listeners: { [K in LiveEventName]: Set<Listener<K>> } = {
  notification: new Set(),
  unread: new Set(),
  plaza: new Set(),
  open: new Set(),
}
const openWatchers = new Set<() => void>()

let source: EventSource | null = null
let retryTimer: ReturnType<typeof setTimeout> | undefined
let connections = 0
let streamOpen = false

function emit<K extends LiveEventName>(name: K, data: LiveEvents[K]): void {
  for (const listener of [...listeners[name]]) listener(data)
}

function setOpen(open: boolean): void {
  if (open === streamOpen) return
  streamOpen = open
  for (const watcher of [...openWatchers]) watcher()
}

/** The JSON of an event, or null for a body that is not (never thrown into the stream). */
function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T
  } catch {
    return null
  }
}

function start(): void {
  if (source || typeof EventSource === 'undefined') return
  const stream = new EventSource(`${apiBaseUrl()}${STREAM_PATH}`)
  source = stream
  stream.addEventListener('open', () => {
    setOpen(true)
    emit('open', undefined)
  })
  stream.addEventListener('error', () => {
    if (source !== stream) return
    setOpen(false)
    if (stream.readyState === EventSource.CLOSED) {
      // The browser will not come back by itself: try again later while still wanted.
      source = null
      stream.close()
      retryTimer = setTimeout(() => {
        retryTimer = undefined
        if (connections > 0) start()
      }, LIVE_RETRY_MS)
    }
  })
  stream.addEventListener('notification', (event) => {
    const data = parse<NotificationEventData>(event)
    if (data?.notification) emit('notification', data.notification)
  })
  stream.addEventListener('unread', (event) => {
    const data = parse<Schemas['UnreadEvent']>(event)
    if (typeof data?.unread === 'number') emit('unread', data.unread)
  })
  stream.addEventListener('plaza', () => emit('plaza', undefined))
}

function stop(): void {
  clearTimeout(retryTimer)
  retryTimer = undefined
  source?.close()
  source = null
  setOpen(false)
}

/**
 * Holds the tab's one stream open until the returned function is called (every holder's, when
 * several hold it). Only for a signed-in user: the stream answers 401 otherwise.
 */
export function connectLiveEvents(): () => void {
  connections++
  start()
  let released = false
  return () => {
    if (released) return
    released = true
    connections--
    if (connections === 0) stop()
  }
}

/** The stream open while `userId` is signed in; closed on sign-out, a new one for a new user. */
export function useLiveConnection(userId: string | null): void {
  useEffect(() => (userId ? connectLiveEvents() : undefined), [userId])
}

/** Calls `listener` for every `name` event until the returned function is called. */
export function onLiveEvent<K extends LiveEventName>(name: K, listener: Listener<K>): () => void {
  listeners[name].add(listener)
  return () => {
    listeners[name].delete(listener)
  }
}

/** `onLiveEvent` for a component's life; the latest `listener` is called. */
export function useLiveEvent<K extends LiveEventName>(name: K, listener: Listener<K>): void {
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() => onLiveEvent(name, (data) => latest.current(data)), [name])
}

function watchOpen(watcher: () => void): () => void {
  openWatchers.add(watcher)
  return () => {
    openWatchers.delete(watcher)
  }
}

/** Whether the stream is open now: while it is, polling for what it brings can rest. */
export function useLiveStreamOpen(): boolean {
  return useSyncExternalStore(
    watchOpen,
    () => streamOpen,
    () => false,
  )
}
