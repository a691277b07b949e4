/** Reading the chat's server-sent event stream (spec §5, §7, §8). */

export interface ChatDelta {
  reasoning?: string
  content?: string
}

/** Spec §8: the reason given when the response has no readable body. */
export const NO_STREAM_MESSAGE = '无法读取响应流'

const DATA_PREFIX = 'data: '
const DONE_PAYLOAD = '[DONE]'

/** A failure the server reported inside the stream (`{"error":{"code","message"}}`). */
export class ChatStreamError extends Error {
  readonly code: string | undefined

  constructor(message: string, code?: string) {
    super(message)
    this.name = 'ChatStreamError'
    this.code = code
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The fragments carried by one event, or throws the server's error event. */
function readEvent(event: unknown): ChatDelta | null {
  if (!isRecord(event)) return null
  if (isRecord(event.error)) {
    throw new ChatStreamError(text(event.error.message) ?? '', text(event.error.code))
  }
  const choice: unknown = Array.isArray(event.choices) ? event.choices[0] : undefined
  const delta = isRecord(choice) && isRecord(choice.delta) ? choice.delta : undefined
  if (!delta) return null
  const reasoning = text(delta.reasoning) ?? text(delta.reasoning_content)
  const content = text(delta.content)
  if (reasoning === undefined && content === undefined) return null
  return {
    ...(reasoning !== undefined && { reasoning }),
    ...(content !== undefined && { content }),
  }
}

/** Handles one line; returns true when it was the end marker. */
function readLine(line: string, onDelta: (delta: ChatDelta) => void): boolean {
  if (!line.startsWith(DATA_PREFIX)) return false
  const payload = line.slice(DATA_PREFIX.length).trim()
  if (payload === DONE_PAYLOAD) return true
  let event: unknown
  try {
    event = JSON.parse(payload)
  } catch (error) {
    console.error('Skipping an unparseable chat stream chunk', payload, error)
    return false
  }
  const delta = readEvent(event)
  if (delta) onDelta(delta)
  return false
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The chat stream was aborted', 'AbortError')
}

/**
 * Reads the stream until 'data: [DONE]', passing each event's reasoning and content fragments
 * to `onDelta`. Only lines starting with 'data: ' count; unparseable ones are logged and
 * skipped; an error event rejects with a {@link ChatStreamError}. A stream that ends without
 * [DONE] (and without an error event) counts as finished: what arrived is a complete answer as
 * far as the client can tell. Aborting `signal` cancels the body and rejects with its reason.
 */
export async function readChatStream(
  response: Response,
  onDelta: (delta: ChatDelta) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (!response.body) throw new Error(NO_STREAM_MESSAGE)
  const reader = response.body.getReader()
  const cancel = () => void reader.cancel().catch(() => undefined)
  signal?.addEventListener('abort', cancel, { once: true })
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      if (signal?.aborted) throw abortError(signal)
      const { done, value } = await reader.read()
      if (signal?.aborted) throw abortError(signal)
      // Stream mode keeps a multi-byte character split across chunks until its last byte.
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true })
      const lines = buffer.split('\n')
      buffer = done ? '' : (lines.pop() ?? '')
      for (const line of lines) {
        if (readLine(line.replace(/\r$/, ''), onDelta)) return
      }
      if (done) return
    }
  } finally {
    signal?.removeEventListener('abort', cancel)
    // Releases the connection after [DONE] or an error event; a no-op on a finished stream.
    cancel()
  }
}
