import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  apiRequest,
  errorMessage,
  parseRetryAfter,
  readApiResponse,
  retryAfterSeconds,
  waitWords,
} from './api-client.ts'
import { i18n } from './i18n.ts'

/** A POST (never retried) answered once with this status, body and headers. */
async function refused(
  status: number,
  body: string,
  headers: Record<string, string>,
): Promise<ApiError> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers })),
  )
  try {
    await apiRequest('/api/thing', { method: 'POST', body: {} })
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected the request to fail')
}

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18n.changeLanguage('en')
})

describe('a rate-limited answer says when to try again', () => {
  it("shows the server's message, which names the wait, and keeps the seconds", async () => {
    const error = await refused(
      429,
      JSON.stringify({
        success: false,
        code: 'rate_limited',
        message: 'Too many attempts; try again in 30 s',
        retryAfter: 30,
      }),
      { 'Content-Type': 'application/json', 'Retry-After': '30' },
    )
    expect(errorMessage(error)).toBe('Too many attempts; try again in 30 s')
    expect(retryAfterSeconds(error)).toBe(30)
  })

  it("words the wait itself when the answer is not the server's (a proxy's page)", async () => {
    const en = await refused(429, '<html>slow down</html>', {
      'Content-Type': 'text/html',
      'Retry-After': '30',
    })
    expect(errorMessage(en)).toBe('Too many requests; try again in 30 s')
    expect(retryAfterSeconds(en)).toBe(30)

    await i18n.changeLanguage('zh')
    const zh = await refused(429, '', { 'Retry-After': '600' })
    expect(errorMessage(zh)).toBe('请求过于频繁，请 10 分钟后再试')
  })

  it('leaves a 429 without a wait, and other statuses, as they were', async () => {
    const error = await refused(429, '', {})
    expect(errorMessage(error)).toBe('server error (429)')
    expect(retryAfterSeconds(error)).toBeNull()
    const busy = await refused(
      503,
      JSON.stringify({ success: false, code: 'server_busy', message: 'Busy', retryAfter: 1 }),
      { 'Content-Type': 'application/json', 'Retry-After': '1' },
    )
    expect(errorMessage(busy)).toBe('Busy')
    expect(retryAfterSeconds(busy)).toBe(1)
  })

  it('reads Retry-After on uploads too', () => {
    expect(() => readApiResponse(429, 'text/plain', '', '45')).toThrow(
      'Too many requests; try again in 45 s',
    )
  })

  it('words waits as the server does', async () => {
    expect(waitWords(0)).toBe('1 s')
    expect(waitWords(119)).toBe('119 s')
    expect(waitWords(120)).toBe('2 min')
    expect(waitWords(7201)).toBe('3 h')
    await i18n.changeLanguage('zh')
    expect(waitWords(30)).toBe('30 秒')
    expect(parseRetryAfter('12')).toBe(12)
    expect(
      parseRetryAfter('Fri, 27 Nov 2026 12:00:30 GMT', Date.parse('2026-11-27T12:00:00Z')),
    ).toBe(30)
    expect(parseRetryAfter('soon')).toBeNull()
  })
})
