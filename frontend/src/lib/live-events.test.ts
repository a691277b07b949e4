import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  connectLiveEvents,
  LIVE_RETRY_MS,
  onLiveEvent,
  useLiveConnection,
  useLiveStreamOpen,
} from './live-events.ts'

/** A stand-in for the browser's EventSource: the test plays the server. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static all: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  closed = false
  constructor(readonly url: string) {
    super()
    FakeEventSource.all.push(this)
  }
  close() {
    this.closed = true
    this.readyState = FakeEventSource.CLOSED
  }
  open() {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
  }
  send(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }))
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING
    this.dispatchEvent(new Event('error'))
  }
}

const live = () => FakeEventSource.all.filter((source) => !source.closed)

beforeEach(() => {
  FakeEventSource.all = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('live events', () => {
  it('holds one stream per tab however many hold it, and closes it with the last', () => {
    const first = connectLiveEvents()
    const second = connectLiveEvents()
    expect(FakeEventSource.all).toHaveLength(1)
    expect(FakeEventSource.all[0]!.url).toBe('/api/notifications/stream')
    first()
    first()
    expect(live()).toHaveLength(1)
    second()
    expect(live()).toHaveLength(0)
  })

  it('opens on sign-in, closes on sign-out and opens again for the next sign-in', () => {
    const { rerender, unmount } = renderHook(({ user }) => useLiveConnection(user), {
      initialProps: { user: null as string | null },
    })
    expect(FakeEventSource.all).toHaveLength(0)
    rerender({ user: 'a' })
    expect(live()).toHaveLength(1)
    rerender({ user: null })
    expect(live()).toHaveLength(0)
    rerender({ user: 'b' })
    expect(live()).toHaveLength(1)
    expect(FakeEventSource.all).toHaveLength(2)
    unmount()
    expect(live()).toHaveLength(0)
  })

  it('hands out unread counts, notifications, plaza news and (re)openings', () => {
    const release = connectLiveEvents()
    const seen: unknown[] = []
    const off = [
      onLiveEvent('unread', (n) => seen.push(['unread', n])),
      onLiveEvent('notification', (n) => seen.push(['notification', n.id])),
      onLiveEvent('plaza', () => seen.push(['plaza'])),
      onLiveEvent('open', () => seen.push(['open'])),
    ]
    const source = FakeEventSource.all[0]!
    source.open()
    source.send('unread', { unread: 3 })
    source.send('notification', { notification: { id: 'n1', seq: 7 } })
    source.send('plaza', {})
    source.dispatchEvent(new MessageEvent('unread', { data: 'not json' }))
    expect(seen).toEqual([['open'], ['unread', 3], ['notification', 'n1'], ['plaza']])
    off.forEach((stop) => stop())
    source.send('plaza', {})
    expect(seen).toHaveLength(4)
    release()
  })

  it('says whether the stream is open, and tries again later when the browser gave up', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useLiveStreamOpen())
    const release = connectLiveEvents()
    expect(result.current).toBe(false)
    act(() => FakeEventSource.all[0]!.open())
    expect(result.current).toBe(true)
    // A dropped connection: EventSource reconnects by itself.
    act(() => FakeEventSource.all[0]!.fail(false))
    expect(result.current).toBe(false)
    act(() => FakeEventSource.all[0]!.open())
    // An answer that is not a stream: the browser stops, this tab asks again later.
    act(() => FakeEventSource.all[0]!.fail(true))
    expect(live()).toHaveLength(0)
    act(() => vi.advanceTimersByTime(LIVE_RETRY_MS))
    expect(live()).toHaveLength(1)
    release()
    expect(live()).toHaveLength(0)
    expect(result.current).toBe(false)
  })

  it('does not try again after the last holder let go', () => {
    vi.useFakeTimers()
    const release = connectLiveEvents()
    FakeEventSource.all[0]!.fail(true)
    release()
    vi.advanceTimersByTime(LIVE_RETRY_MS)
    expect(FakeEventSource.all).toHaveLength(1)
  })
})
