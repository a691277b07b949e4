import { apiBaseUrl } from '@/lib/api-client.ts'
import type { ChatBody } from '@/lib/api/types.ts'
import { displayLanguage } from '@/lib/i18n.ts'

/** Spec §9. */
const CHAT_TEMPERATURE = 0.7
const CHAT_MAX_TOKENS = 4096
const CHAT_PATH = '/api/ai/chat'

/** One message of the conversation as `POST /api/ai/chat` takes it. */
export type ChatRequestMessage = ChatBody['messages'][number]

export interface PostChatOptions {
  messages: ChatRequestMessage[]
  model: string
  signal?: AbortSignal
  /** Sent as a bearer token when given (spec §6); the app's sessions are cookies, so normally none. */
  token?: string
}

/** A chat call the server refused; `message` is the server's text, in the user's language. */
export class ChatRequestError extends Error {
  readonly status: number
  readonly code: string | undefined

  constructor(message: string, status: number, code?: string) {
    super(message)
    this.name = 'ChatRequestError'
    this.status = status
    this.code = code
  }
}

async function requestError(response: Response): Promise<ChatRequestError> {
  const fallback = `API request failed: ${response.status}`
  let body: unknown
  try {
    body = JSON.parse(await response.text())
  } catch {
    return new ChatRequestError(fallback, response.status)
  }
  if (typeof body !== 'object' || body === null)
    return new ChatRequestError(fallback, response.status)
  const { message, code } = body as { message?: unknown; code?: unknown }
  return new ChatRequestError(
    typeof message === 'string' && message.trim() !== '' ? message : fallback,
    response.status,
    typeof code === 'string' ? code : undefined,
  )
}

/**
 * POST /api/ai/chat with streaming on (spec §7, §9). Resolves with the OK response, whose body
 * is the event stream; a refusal rejects with a {@link ChatRequestError}.
 */
export async function postChat({
  messages,
  model,
  signal,
  token,
}: PostChatOptions): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/event-stream',
    'Accept-Language': displayLanguage(),
  }
  if (token) headers.Authorization = `Bearer ${token}`
  const response = await fetch(`${apiBaseUrl()}${CHAT_PATH}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify({
      messages,
      stream: true,
      model,
      temperature: CHAT_TEMPERATURE,
      max_tokens: CHAT_MAX_TOKENS,
    }),
    signal,
  })
  if (!response.ok) throw await requestError(response)
  return response
}
