import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client.ts'
import {
  countdownFromSend,
  countdownFromTooSoon,
  countdownKey,
  remainingSeconds,
} from './verification-code.ts'

const NOW = Date.parse('2026-03-01T12:00:00Z')

describe('verification countdown (spec §3, §9: 60 s from sentAt)', () => {
  it("counts from the server's sentAt", () => {
    const countdown = countdownFromSend({ sentAt: '2026-03-01T11:59:45Z' }, NOW)
    expect(countdown).toEqual({ sentAt: NOW - 15_000, durationSeconds: 60 })
    expect(remainingSeconds(countdown, NOW)).toBe(45)
    expect(remainingSeconds(countdown, NOW + 44_999)).toBe(1)
    expect(remainingSeconds(countdown, NOW + 45_000)).toBe(0)
    expect(remainingSeconds(countdown, NOW + 600_000)).toBe(0)
    expect(remainingSeconds(undefined, NOW)).toBe(0)
  })

  it('counts from now when sentAt is missing or the clocks disagree by a minute or more', () => {
    for (const sentAt of [
      undefined,
      'not a date',
      '2026-03-01T11:58:00Z',
      '2026-03-01T12:05:00Z',
    ]) {
      expect(countdownFromSend({ sentAt }, NOW), String(sentAt)).toEqual({
        sentAt: NOW,
        durationSeconds: 60,
      })
    }
  })

  it('never shows more than the duration for a sentAt slightly ahead of this clock', () => {
    const countdown = countdownFromSend({ sentAt: '2026-03-01T12:00:03Z' }, NOW)
    expect(remainingSeconds(countdown, NOW)).toBe(60)
  })

  it('takes retryAfter from 429 code_resend_too_soon only', () => {
    const tooSoon = (body: Record<string, unknown>) =>
      new ApiError({ success: false, message: 'wait', httpStatus: 429, ...body })
    expect(
      countdownFromTooSoon(tooSoon({ code: 'code_resend_too_soon', retryAfter: 42 }), NOW),
    ).toEqual({ sentAt: NOW, durationSeconds: 42 })
    expect(
      countdownFromTooSoon(tooSoon({ code: 'code_resend_too_soon', retryAfter: 'x' }), NOW),
    ).toEqual({ sentAt: NOW, durationSeconds: 60 })
    expect(countdownFromTooSoon(tooSoon({ code: 'rate_limited', retryAfter: 42 }), NOW)).toBeNull()
    expect(countdownFromTooSoon(new Error('x'), NOW)).toBeNull()
  })

  it('keys countdowns by prefix and number, ignoring separators', () => {
    expect(countdownKey('86', '138 0013-8000')).toBe(countdownKey('86', '13800138000'))
    expect(countdownKey('1', '2025550123')).not.toBe(countdownKey('86', '2025550123'))
  })
})
