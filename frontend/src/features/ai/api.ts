import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiBaseUrl } from '@/lib/api-client.ts'
import type { ChatBody, ModelsResponse } from '@/lib/api/types.ts'
import { displayLanguage } from '@/lib/i18n.ts'
import { DEFAULT_MODELS, INITIAL_MODEL } from './model.ts'

/** Spec §9. */
export const CHAT_TEMPERATURE = 0.7
export const CHAT_MAX_TOKENS = 4096
export const CHAT_PATH = '/api/ai/chat'
export const MODELS_PATH = '/api/ai/models'

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

/** GET /api/ai/models without its envelope. */
export type AiModelsInfo = Omit<ModelsResponse, 'success'>

/** What the picker offers while the list loads or when it cannot be fetched. */
export const FALLBACK_MODELS_INFO: AiModelsInfo = {
  available: true,
  signInRequired: false,
  models: [...DEFAULT_MODELS],
  defaultModel: INITIAL_MODEL,
}

export async function fetchAiModels(signal?: AbortSignal): Promise<AiModelsInfo> {
  const body = await api.get<Partial<ModelsResponse>>(MODELS_PATH, { signal })
  const models = Array.isArray(body.models)
    ? body.models.filter((id): id is string => typeof id === 'string' && id !== '')
    : FALLBACK_MODELS_INFO.models
  return {
    available: body.available !== false,
    signInRequired: body.signInRequired === true,
    models,
    defaultModel:
      typeof body.defaultModel === 'string' && body.defaultModel !== ''
        ? body.defaultModel
        : (models[0] ?? INITIAL_MODEL),
  }
}

/**
 * Under the user-scoped 'auth' prefix: whether chatting needs a sign-in may change with the
 * user, and login and logout drop these queries.
 */
export const aiModelsQueryKey = ['auth', 'ai', 'models'] as const

export function aiModelsQueryOptions() {
  return queryOptions({
    queryKey: aiModelsQueryKey,
    queryFn: ({ signal }) => fetchAiModels(signal),
    staleTime: 5 * 60_000,
  })
}

/** The models on offer; {@link FALLBACK_MODELS_INFO} while loading and when the call fails. */
export function useAiModels() {
  const query = useQuery(aiModelsQueryOptions())
  return {
    ...(query.data ?? FALLBACK_MODELS_INFO),
    isPending: query.isPending,
    isError: query.isError,
  }
}
