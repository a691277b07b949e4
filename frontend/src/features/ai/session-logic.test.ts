import { describe, expect, it } from 'vitest'
import {
  cleanUnusedSessions,
  dropLastReply,
  findReusableSession,
  mergeSessions,
  requestMessages,
} from './session-logic.ts'
import { message, session } from './test-fixtures.ts'

describe('session transitions (spec §4.5)', () => {
  it('cleaning: if the current session vanished the current id becomes null', () => {
    const used = session({ title: '新会话 1', messages: [message()] })
    const unused = session({ title: '新会话 2' })
    expect(cleanUnusedSessions([used, unused], unused.id)).toEqual({
      sessions: [used],
      removedIds: [unused.id],
      currentSessionId: null,
    })
    expect(cleanUnusedSessions([used, unused], used.id).currentSessionId).toBe(used.id)
  })

  it('reuse prefers the current unused session, else the most recently updated one', () => {
    const a = session({ title: '新会话 1', updatedAt: 5 })
    const b = session({ title: '新会话 2', updatedAt: 9 })
    const named = session({ title: 'Named, empty', updatedAt: 20 })
    expect(findReusableSession([a, b, named], a.id)).toBe(a)
    expect(findReusableSession([a, b, named], named.id)).toBe(b)
    expect(findReusableSession([named], null)).toBeUndefined()
  })

  it('the request history skips replies without content and keeps reasoning out', () => {
    const history = requestMessages([
      message({ content: 'Q1' }),
      message({ content: '', isUser: false, reasoning: 'stopped while thinking' }),
      message({ content: 'Q2' }),
      message({ content: 'A2', isUser: false, reasoning: 'thoughts' }),
      message({ content: '发送消息失败: old failure without the flag', isUser: false }),
    ])
    expect(history).toEqual([
      { role: 'user', content: 'Q1\n\nQ2' },
      { role: 'assistant', content: 'A2' },
    ])
  })

  it('regenerate has nothing to answer in a session without user messages', () => {
    expect(dropLastReply(session({ messages: [] }))).toBeNull()
    const user = message({ content: 'Q' })
    const reply = message({ content: 'A', isUser: false })
    const failure = message({ content: '发送消息失败: x', isUser: false, failed: true })
    expect(dropLastReply(session({ messages: [user, reply, failure] }))?.messages).toEqual([user])
  })

  it('merging counts only sessions added or replaced by a newer copy', () => {
    const ours = session({ updatedAt: 10 })
    const sameAge = { ...ours, title: 'same age' }
    const fresh = session()
    const result = mergeSessions([ours], [sameAge, fresh])
    expect(result.written).toEqual([fresh])
    expect(result.skipped).toBe(1)
    expect(result.sessions).toEqual([ours, fresh])
  })
})
