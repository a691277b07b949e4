import { describe, expect, it } from 'vitest'
import {
  formatResponseTime,
  modelLabel,
  newMessageId,
  newSessionId,
  parseChatSession,
  resolveModel,
  titleFromMessage,
} from './model.ts'
import { message, session } from './test-fixtures.ts'

describe('chat model helpers', () => {
  it("session ids are 'session-' + timestamp + random string; message ids 'msg-{timestamp}-{random}'", () => {
    const before = Date.now()
    const sessionId = newSessionId()
    const messageId = newMessageId()
    const sessionMatch = /^session-(\d{13})([0-9a-z]{9})$/.exec(sessionId)
    const messageMatch = /^msg-(\d{13})-([0-9a-z]{9})$/.exec(messageId)
    expect(Number(sessionMatch?.[1])).toBeGreaterThanOrEqual(before)
    expect(Number(messageMatch?.[1])).toBeGreaterThanOrEqual(before)
    expect(newSessionId()).not.toBe(sessionId)
    expect(newMessageId()).not.toBe(messageId)
  })

  it('a title is the first 20 characters, counted in code points, with ... when longer', () => {
    expect(titleFromMessage('12345678901234567890')).toBe('12345678901234567890')
    expect(titleFromMessage('123456789012345678901')).toBe('12345678901234567890...')
    expect(titleFromMessage('😀'.repeat(20))).toBe('😀'.repeat(20))
    const emoji = '😀'.repeat(21)
    expect(titleFromMessage(emoji)).toBe('😀'.repeat(20) + '...')
    expect(titleFromMessage('你好'.repeat(10) + '吗')).toBe('你好'.repeat(10) + '...')
  })

  it('model labels are title case per word', () => {
    expect(modelLabel('deepseek-chat')).toBe('DeepSeek Chat')
    expect(modelLabel('deepseek-reasoner')).toBe('DeepSeek Reasoner')
    expect(modelLabel('qwen2.5-coder_32b')).toBe('Qwen2.5 Coder 32b')
  })

  it('a selected model the server does not offer falls back to its default', () => {
    expect(resolveModel('deepseek-chat', ['llama3', 'qwen'], 'llama3')).toBe('llama3')
    expect(resolveModel('qwen', ['llama3', 'qwen'], 'llama3')).toBe('qwen')
  })

  it('response time shows in ms under 1000, else seconds with one decimal', () => {
    expect(formatResponseTime(850)).toBe('850ms')
    expect(formatResponseTime(999.4)).toBe('999ms')
    expect(formatResponseTime(999.6)).toBe('1.0s')
    expect(formatResponseTime(1000)).toBe('1.0s')
    expect(formatResponseTime(1234)).toBe('1.2s')
    expect(formatResponseTime(61_250)).toBe('61.3s')
  })

  it('a stored session is read back only with the right shape, unknown fields dropped', () => {
    const good = session({ messages: [message({ isUser: false, model: 'm', responseTime: 5 })] })
    expect(parseChatSession({ ...good, extra: 1 })).toEqual(good)
    expect(parseChatSession({ ...good, updatedAt: '2026' })).toBeNull()
    expect(parseChatSession({ ...good, messages: [{ ...message(), isUser: 'yes' }] })).toBeNull()
    expect(parseChatSession({ ...good, messages: [{ ...message(), failed: 1 }] })).toBeNull()
    expect(parseChatSession(null)).toBeNull()
  })
})
