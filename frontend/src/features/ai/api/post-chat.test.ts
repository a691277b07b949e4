import { describe, expect, it, vi } from 'vitest'
import { ChatRequestError, postChat } from './post-chat.ts'

function chatFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('POST /api/ai/chat (spec §7, §9)', () => {
  const messages = [
    { role: 'user' as const, content: 'hi' },
    { role: 'assistant' as const, content: 'hello' },
  ]

  it('posts the history with stream on, the model, temperature 0.7 and max_tokens 4096', async () => {
    const fetchMock = chatFetch(new Response('data: [DONE]\n\n'))
    const controller = new AbortController()
    const response = await postChat({
      messages,
      model: 'deepseek-reasoner',
      signal: controller.signal,
    })
    expect(response.ok).toBe(true)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/ai/chat')
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      signal: controller.signal,
    })
    expect(init?.headers).toEqual({
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      'Accept-Language': 'en',
    })
    expect(JSON.parse(String(init?.body))).toEqual({
      messages,
      stream: true,
      model: 'deepseek-reasoner',
      temperature: 0.7,
      max_tokens: 4096,
    })
  })

  it('sends a bearer Authorization header only when a token is given', async () => {
    const fetchMock = chatFetch(new Response(''))
    await postChat({ messages, model: 'deepseek-chat', token: 'pat_123' })
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer pat_123' })
  })

  it("a refusal with a JSON message rejects with the server's message", async () => {
    chatFetch(
      Response.json(
        { success: false, code: 'sign_in_required', message: '请先登录' },
        { status: 401 },
      ),
    )
    const error = await postChat({ messages, model: 'deepseek-chat' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChatRequestError)
    expect(error).toMatchObject({ message: '请先登录', status: 401, code: 'sign_in_required' })
  })

  it("any other refusal rejects with 'API request failed: {status}'", async () => {
    chatFetch(new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(postChat({ messages, model: 'deepseek-chat' })).rejects.toThrow(
      'API request failed: 502',
    )
    chatFetch(Response.json({ success: false }, { status: 500 }))
    await expect(postChat({ messages, model: 'deepseek-chat' })).rejects.toThrow(
      'API request failed: 500',
    )
  })
})
