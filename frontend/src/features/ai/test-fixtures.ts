/** Test helpers: chat responses as real `Response`s with a `ReadableStream` body. */
import type { AiChatMessage, AiChatSession } from './model.ts'

const encoder = new TextEncoder()

/** One server-sent event line carrying JSON. */
export function sseEvent(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`
}

/** An OpenAI-style chunk with reasoning and/or content fragments. */
export function deltaEvent(delta: { content?: string; reasoning?: string }): string {
  return sseEvent({ choices: [{ index: 0, delta }] })
}

export const DONE_EVENT = 'data: [DONE]\n\n'

function toBytes(chunk: string | Uint8Array): Uint8Array {
  return typeof chunk === 'string' ? encoder.encode(chunk) : chunk
}

/** A streamed response delivering the chunks one by one, then closing. */
export function streamResponse(chunks: readonly (string | Uint8Array)[], init?: ResponseInit) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(toBytes(chunk))
      controller.close()
    },
  })
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' }, ...init })
}

/** A streamed response the test feeds by hand. */
export function controlledResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
  })
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    push: (chunk: string | Uint8Array) => controller.enqueue(toBytes(chunk)),
    close: () => controller.close(),
  }
}

let counter = 0

export function message(overrides: Partial<AiChatMessage> = {}): AiChatMessage {
  counter++
  return {
    id: `msg-1-${counter}`,
    content: `message ${counter}`,
    isUser: true,
    timestamp: 1_000,
    ...overrides,
  }
}

export function session(overrides: Partial<AiChatSession> = {}): AiChatSession {
  counter++
  return {
    id: `session-${counter}`,
    title: `Session ${counter}`,
    messages: [],
    createdAt: 1_000,
    updatedAt: 1_000,
    ...overrides,
  }
}
