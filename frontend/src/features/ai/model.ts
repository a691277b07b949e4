/** Types and pure helpers of the AI assistant (spec §3, §4.5, §9). */

export interface AiChatMessage {
  /** 'msg-{timestamp}-{random}'. */
  id: string
  content: string
  isUser: boolean
  /** ms since epoch. */
  timestamp: number
  /** Assistant replies: the model that answered. */
  model?: string
  /** Assistant replies: the model's reasoning text, when it sends one. */
  reasoning?: string
  /** Assistant replies: ms from the request to the end of the stream. */
  responseTime?: number
  /** The '发送消息失败: {reason}' message that stands in for a failed reply. */
  failed?: boolean
}

export interface AiChatSession {
  /** 'session-' + timestamp + random string. */
  id: string
  title: string
  messages: AiChatMessage[]
  createdAt: number
  updatedAt: number
}

/**
 * Fresh sessions are titled '新会话 N'. The prefix is data, the same in both languages (spec §3);
 * the UI may show it translated.
 */
export const NEW_SESSION_PREFIX = '新会话 '
/** Title length taken from the first message, in Unicode code points (spec §9). */
const TITLE_MAX = 20
const TITLE_ELLIPSIS = '...'
/** Spec §4.5: content of the assistant-side message that replaces a failed reply. */
export const SEND_FAILED_PREFIX = '发送消息失败: '
export const UNKNOWN_ERROR_REASON = '未知错误'

/** Spec §9, also the picker's options when `/api/ai/models` cannot be reached. */
export const DEFAULT_MODELS = ['deepseek-chat', 'deepseek-reasoner'] as const
export const INITIAL_MODEL = 'deepseek-chat'

const RANDOM_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'

/** Nine base-36 characters from the platform's random source. */
function randomString(length = 9): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length))
  return Array.from(bytes, (byte) => RANDOM_ALPHABET[byte % RANDOM_ALPHABET.length]).join('')
}

export function newSessionId(): string {
  return `session-${Date.now()}${randomString()}`
}

export function newMessageId(): string {
  return `msg-${Date.now()}-${randomString()}`
}

/** The first {@link TITLE_MAX} code points of the text, '...' appended when it was longer. */
export function titleFromMessage(text: string): string {
  const codePoints = Array.from(text)
  if (codePoints.length <= TITLE_MAX) return text
  return codePoints.slice(0, TITLE_MAX).join('') + TITLE_ELLIPSIS
}

/** Words whose vendor spells them otherwise than title case. */
const BRAND_WORDS: Readonly<Record<string, string>> = {
  deepseek: 'DeepSeek',
  openai: 'OpenAI',
  gpt: 'GPT',
}

/**
 * Title case of a model id: split on '-', '_' and spaces, upper-case the first letter of each
 * word and keep the rest as it is, a brand in its own spelling ('deepseek-chat' → 'DeepSeek
 * Chat', 'qwen2.5-coder' → 'Qwen2.5 Coder').
 */
export function modelLabel(id: string): string {
  return id
    .split(/[-_\s]+/)
    .filter((word) => word !== '')
    .map((word) => BRAND_WORDS[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** The server's model if the selected one is not offered (a provider configured without it). */
export function resolveModel(
  selected: string,
  models: readonly string[],
  fallback: string,
): string {
  return models.length === 0 || models.includes(selected) ? selected : fallback
}

/** Under a second in ms ('850ms'), else seconds with one decimal ('1.2s') (spec §4.5). */
export function formatResponseTime(ms: number): string {
  const rounded = Math.max(0, Math.round(ms))
  if (rounded < 1000) return `${rounded}ms`
  return `${(rounded / 1000).toFixed(1)}s`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isTimestamp(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

function optional<T>(value: unknown, check: (v: unknown) => v is T): T | undefined | null {
  if (value === undefined) return undefined
  return check(value) ? value : null
}

const isString = (value: unknown): value is string => typeof value === 'string'
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'

/** A message read from outside (the database, an import file), or null when its shape is wrong. */
function parseChatMessage(value: unknown): AiChatMessage | null {
  if (!isRecord(value)) return null
  const { id, content, isUser, timestamp } = value
  if (!isString(id) || id === '' || !isString(content) || !isBoolean(isUser)) return null
  if (!isTimestamp(timestamp)) return null
  const model = optional(value.model, isString)
  const reasoning = optional(value.reasoning, isString)
  const responseTime = optional(value.responseTime, isTimestamp)
  const failed = optional(value.failed, isBoolean)
  if (model === null || reasoning === null || responseTime === null || failed === null) return null
  const message: AiChatMessage = { id, content, isUser, timestamp }
  if (model !== undefined) message.model = model
  if (reasoning !== undefined) message.reasoning = reasoning
  if (responseTime !== undefined) message.responseTime = responseTime
  if (failed !== undefined) message.failed = failed
  return message
}

/**
 * A session read from outside, or null when any part of it has the wrong shape. Unknown fields
 * are dropped, so what is kept is exactly an {@link AiChatSession}.
 */
export function parseChatSession(value: unknown): AiChatSession | null {
  if (!isRecord(value)) return null
  const { id, title, messages, createdAt, updatedAt } = value
  if (!isString(id) || id === '' || !isString(title) || !Array.isArray(messages)) return null
  if (!isTimestamp(createdAt) || !isTimestamp(updatedAt)) return null
  const parsed: AiChatMessage[] = []
  for (const raw of messages) {
    const message = parseChatMessage(raw)
    if (!message) return null
    parsed.push(message)
  }
  return { id, title, messages: parsed, createdAt, updatedAt }
}
