import { describe, expect, it, vi } from 'vitest'
import { ChatStreamError, NO_STREAM_MESSAGE, readChatStream, type ChatDelta } from './stream.ts'
import {
  controlledResponse,
  deltaEvent,
  DONE_EVENT,
  sseEvent,
  streamResponse,
} from './test-fixtures.ts'

async function collect(response: Response, signal?: AbortSignal): Promise<ChatDelta[]> {
  const deltas: ChatDelta[] = []
  await readChatStream(response, (delta) => deltas.push(delta), signal)
  return deltas
}

describe('chat stream (spec §5, §7)', () => {
  it("stream lines are read only if they start with 'data: '", async () => {
    const deltas = await collect(
      streamResponse([
        ': keep-alive comment\n',
        'event: message\n',
        `data:${JSON.stringify({ choices: [{ delta: { content: 'no space' } }] })}\n`,
        `id: 7\n${deltaEvent({ content: 'counted' })}`,
        DONE_EVENT,
      ]),
    )
    expect(deltas).toEqual([{ content: 'counted' }])
  })

  it("payload '[DONE]' ends reading; data after it is ignored", async () => {
    const deltas = await collect(
      streamResponse([
        deltaEvent({ content: 'A' }) + DONE_EVENT + deltaEvent({ content: 'same chunk' }),
        deltaEvent({ content: 'next chunk' }),
      ]),
    )
    expect(deltas).toEqual([{ content: 'A' }])
  })

  it('unparseable chunks are logged and skipped', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const deltas = await collect(
      streamResponse([
        deltaEvent({ content: 'before' }),
        'data: {"choices": [\n\n',
        deltaEvent({ content: 'after' }),
        DONE_EVENT,
      ]),
    )
    expect(deltas).toEqual([{ content: 'before' }, { content: 'after' }])
    expect(logged).toHaveBeenCalledOnce()
    expect(logged.mock.calls[0]).toContain('{"choices": [')
  })

  it('an error event rejects with the server message', async () => {
    const deltas: ChatDelta[] = []
    const reading = readChatStream(
      streamResponse([
        deltaEvent({ content: 'partial' }),
        sseEvent({ error: { code: 'upstream_failed', message: '模型服务暂时不可用' } }),
        deltaEvent({ content: 'never' }),
      ]),
      (delta) => deltas.push(delta),
    )
    await expect(reading).rejects.toBeInstanceOf(ChatStreamError)
    await expect(reading).rejects.toMatchObject({
      message: '模型服务暂时不可用',
      code: 'upstream_failed',
    })
    expect(deltas).toEqual([{ content: 'partial' }])
  })

  it('a multi-byte character split across two chunks arrives intact', async () => {
    const bytes = new TextEncoder().encode(deltaEvent({ content: '你好' }) + DONE_EVENT)
    // '你' is three bytes; cut after its first byte.
    const cut = bytes.indexOf(0xe4) + 1
    const deltas = await collect(streamResponse([bytes.slice(0, cut), bytes.slice(cut)]))
    expect(deltas).toEqual([{ content: '你好' }])
  })

  it('a line split across chunks is read once complete', async () => {
    const event = deltaEvent({ content: 'whole' })
    const deltas = await collect(streamResponse([event.slice(0, 9), event.slice(9), DONE_EVENT]))
    expect(deltas).toEqual([{ content: 'whole' }])
  })

  it('passes reasoning, then content (reasoning_content is read as reasoning)', async () => {
    const deltas = await collect(
      streamResponse([
        deltaEvent({ reasoning: '先想' }),
        sseEvent({ choices: [{ delta: { reasoning_content: '一下' } }] }),
        sseEvent({ choices: [{ delta: { content: '答案', role: 'assistant' } }] }),
        sseEvent({ choices: [{ delta: {}, finish_reason: 'stop' }] }),
        DONE_EVENT,
      ]),
    )
    expect(deltas).toEqual([{ reasoning: '先想' }, { reasoning: '一下' }, { content: '答案' }])
  })

  it('CRLF line endings are accepted', async () => {
    const deltas = await collect(
      streamResponse([`data: ${JSON.stringify({ choices: [{ delta: { content: 'x' } }] })}\r\n`]),
    )
    expect(deltas).toEqual([{ content: 'x' }])
  })

  it('a stream that ends without [DONE] counts as finished, last line included', async () => {
    const last = `data: ${JSON.stringify({ choices: [{ delta: { content: 'tail' } }] })}`
    const deltas = await collect(streamResponse([deltaEvent({ content: 'head' }), last]))
    expect(deltas).toEqual([{ content: 'head' }, { content: 'tail' }])
  })

  it("a response without a body fails with '无法读取响应流'", async () => {
    await expect(collect(new Response(null))).rejects.toThrow(NO_STREAM_MESSAGE)
  })

  it('aborting stops reading and rejects with an AbortError', async () => {
    const { response, push } = controlledResponse()
    const controller = new AbortController()
    const deltas: ChatDelta[] = []
    const reading = readChatStream(response, (delta) => deltas.push(delta), controller.signal)
    push(deltaEvent({ content: 'first' }))
    await vi.waitFor(() => expect(deltas).toHaveLength(1))
    controller.abort()
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
    expect(deltas).toEqual([{ content: 'first' }])
  })
})
