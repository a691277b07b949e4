import { vi } from 'vitest'
import type { User } from '@/lib/user.ts'
import type { Notification } from '../api/list-notifications.ts'

const ana: User = {
  id: '00000000-0000-4000-8000-0000000000a1',
  username: 'ana',
  nickname: 'Ana',
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null,
  wechatLinked: false,
  avatarThumbnailUrl: null,
  bio: null,
  appearance: { colorMode: null, language: null },
}

/** `GET /api/auth/token` for Ana. */
export const signedIn = {
  success: true,
  isAuthenticated: true,
  hasUser: true,
  user: ana,
  wechatOpenId: null,
  authUrl: null,
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A notification: a comment by Ben on Ana's plaza post unless `overrides` say otherwise. */
export function notification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: id(n),
    seq: n,
    kind: 'replied',
    actor: { id: id(900), username: 'ben', nickname: 'Ben', avatarUrl: null },
    others: 0,
    subject: {
      type: 'plaza_comment',
      readable: true,
      title: null,
      groupId: null,
      postId: id(500),
      commentId: id(600 + n),
      articleId: null,
      replyId: null,
      userId: null,
    },
    detail: 'Nice photo!',
    read: false,
    createdAt: new Date(Date.now() - 60_000 * n).toISOString(),
    updatedAt: new Date(Date.now() - 60_000 * n).toISOString(),
    ...overrides,
  }
}

export const ids = { id }

/** A stand-in for EventSource that the test drives as the server would. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static last: FakeEventSource | null = null
  readyState = FakeEventSource.CONNECTING
  constructor(readonly url: string) {
    super()
    FakeEventSource.last = this
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
  open() {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
  }
  send(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }))
  }
}

export function stubEventSource() {
  FakeEventSource.last = null
  vi.stubGlobal('EventSource', FakeEventSource)
}
