/**
 * The chat's state transitions as pure functions (spec §4.5): sessions in, sessions out. The
 * store (`store.ts`) adds time, ids, storage and the network around them.
 */
import type { ChatRequestMessage } from './api/post-chat.ts'
import {
  NEW_SESSION_PREFIX,
  SEND_FAILED_PREFIX,
  UNKNOWN_ERROR_REASON,
  newMessageId,
  newSessionId,
  parseChatSession,
  titleFromMessage,
  type AiChatMessage,
  type AiChatSession,
} from './model.ts'
import type { ChatDelta } from './stream.ts'

/** Most recently updated first; among equals the most recently created first. */
export function sortSessions(sessions: readonly AiChatSession[]): AiChatSession[] {
  return [...sessions].sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt)
}

/** An empty session still carrying its fresh '新会话 …' title (spec §4.5 cleaning and reuse). */
function isUnusedNewSession(session: AiChatSession): boolean {
  return session.messages.length === 0 && session.title.startsWith(NEW_SESSION_PREFIX)
}

const NUMBERED_TITLE = new RegExp(`^${NEW_SESSION_PREFIX}(\\d+)$`)

/** 1 + the highest N among sessions titled exactly '新会话 N'; 1 when there is none. */
function nextSessionNumber(sessions: readonly AiChatSession[]): number {
  let highest = 0
  for (const { title } of sessions) {
    const match = NUMBERED_TITLE.exec(title)
    if (match?.[1]) highest = Math.max(highest, Number(match[1]))
  }
  return highest + 1
}

export function createSession(existing: readonly AiChatSession[], now: number): AiChatSession {
  return {
    id: newSessionId(),
    title: `${NEW_SESSION_PREFIX}${nextSessionNumber(existing)}`,
    messages: [],
    createdAt: now,
    updatedAt: now,
  }
}

/** The unused fresh session 'new chat' should return to: the current one if it is, else the newest. */
export function findReusableSession(
  sessions: readonly AiChatSession[],
  currentId: string | null,
): AiChatSession | undefined {
  const unused = sortSessions(sessions).filter(isUnusedNewSession)
  return unused.find((session) => session.id === currentId) ?? unused[0]
}

interface CleanResult {
  sessions: AiChatSession[]
  removedIds: string[]
  /** Null when the current session was removed. */
  currentSessionId: string | null
}

/** Spec §4.5: removes the unused fresh sessions; a removed current id becomes null. */
export function cleanUnusedSessions(
  sessions: readonly AiChatSession[],
  currentId: string | null,
): CleanResult {
  const removedIds = sessions.filter(isUnusedNewSession).map((session) => session.id)
  const kept = sessions.filter((session) => !removedIds.includes(session.id))
  const currentSessionId = currentId !== null && removedIds.includes(currentId) ? null : currentId
  return { sessions: kept, removedIds, currentSessionId }
}

export function replaceSession(
  sessions: readonly AiChatSession[],
  id: string,
  change: (session: AiChatSession) => AiChatSession,
): AiChatSession[] {
  return sessions.map((session) => (session.id === id ? change(session) : session))
}

function changeMessage(
  session: AiChatSession,
  messageId: string,
  change: (message: AiChatMessage) => AiChatMessage,
): AiChatSession {
  return {
    ...session,
    messages: session.messages.map((message) =>
      message.id === messageId ? change(message) : message,
    ),
  }
}

export function userMessage(text: string, now: number): AiChatMessage {
  return { id: newMessageId(), content: text, isUser: true, timestamp: now }
}

export function assistantPlaceholder(model: string, now: number): AiChatMessage {
  return { id: newMessageId(), content: '', isUser: false, timestamp: now, model }
}

/** Adds the user's message; the first message of a session gives it its title (spec §4.5). */
export function addUserMessage(
  session: AiChatSession,
  message: AiChatMessage,
  now: number,
): AiChatSession {
  const title = session.messages.length === 0 ? titleFromMessage(message.content) : session.title
  return { ...session, title, messages: [...session.messages, message], updatedAt: now }
}

export function addMessage(session: AiChatSession, message: AiChatMessage): AiChatSession {
  return { ...session, messages: [...session.messages, message] }
}

export function appendDelta(
  session: AiChatSession,
  messageId: string,
  delta: ChatDelta,
): AiChatSession {
  return changeMessage(session, messageId, (message) => ({
    ...message,
    content: message.content + (delta.content ?? ''),
    ...(delta.reasoning !== undefined && {
      reasoning: (message.reasoning ?? '') + delta.reasoning,
    }),
  }))
}

/** Nothing of the reply arrived yet: no content and no reasoning. */
function isEmptyReply(message: AiChatMessage): boolean {
  return message.content === '' && !message.reasoning
}

function finishReply(
  session: AiChatSession,
  messageId: string,
  responseTime: number,
  now: number,
  dropIfEmpty: boolean,
): AiChatSession {
  const reply = session.messages.find((message) => message.id === messageId)
  const finished =
    dropIfEmpty && reply && isEmptyReply(reply)
      ? { ...session, messages: session.messages.filter((message) => message !== reply) }
      : changeMessage(session, messageId, (message) => ({ ...message, responseTime }))
  return { ...finished, updatedAt: now }
}

/** The stream ended: the reply keeps its response time; the session counts as updated. */
export function completeReply(
  session: AiChatSession,
  messageId: string,
  responseTime: number,
  now: number,
): AiChatSession {
  return finishReply(session, messageId, responseTime, now, false)
}

/** Stopped by the user: what arrived stays; a reply with nothing in it goes away. */
export function stopReply(
  session: AiChatSession,
  messageId: string,
  responseTime: number,
  now: number,
): AiChatSession {
  return finishReply(session, messageId, responseTime, now, true)
}

/**
 * Spec §4.5 failure: the empty placeholder goes away and '发送消息失败: {reason}' is added. A
 * reply that had already partly arrived stays (with its response time) above that message.
 */
export function failReply(
  session: AiChatSession,
  messageId: string,
  reason: string,
  responseTime: number,
  now: number,
): AiChatSession {
  const finished = finishReply(session, messageId, responseTime, now, true)
  return addMessage(finished, failureMessage(reason, now))
}

function failureMessage(reason: string, now: number): AiChatMessage {
  return {
    id: newMessageId(),
    content: `${SEND_FAILED_PREFIX}${reason}`,
    isUser: false,
    timestamp: now,
    failed: true,
  }
}

/** The error's message, or '未知错误' when there is none. */
export function failureReason(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message
  if (typeof error === 'string' && error.trim() !== '') return error
  return UNKNOWN_ERROR_REASON
}

export function isFailureMessage(message: AiChatMessage): boolean {
  return (
    message.failed === true || (!message.isUser && message.content.startsWith(SEND_FAILED_PREFIX))
  )
}

/**
 * The history sent to the model: roles and contents only (never reasoning), without failure
 * messages and replies that have no content. After a failure two user messages would follow
 * each other, which some models refuse (deepseek-reasoner), so neighbours of one role are
 * joined with a blank line.
 */
export function requestMessages(messages: readonly AiChatMessage[]): ChatRequestMessage[] {
  const result: ChatRequestMessage[] = []
  for (const message of messages) {
    if (isFailureMessage(message) || message.content.trim() === '') continue
    const role = message.isUser ? 'user' : 'assistant'
    const last = result.at(-1)
    if (last?.role === role) last.content += `\n\n${message.content}`
    else result.push({ role, content: message.content })
  }
  return result
}

/**
 * For regenerate: the session without the replies after its last user message, or null when
 * there is no user message to answer.
 */
export function dropLastReply(session: AiChatSession): AiChatSession | null {
  const lastUser = session.messages.findLastIndex((message) => message.isUser)
  if (lastUser === -1) return null
  return { ...session, messages: session.messages.slice(0, lastUser + 1) }
}

/** Export file format. */
const EXPORT_FORMAT = 'courtyard-ai-chat'
const EXPORT_VERSION = 1

interface ChatExport {
  format: typeof EXPORT_FORMAT
  version: typeof EXPORT_VERSION
  /** ISO 8601. */
  exportedAt: string
  sessions: AiChatSession[]
}

export function buildExport(sessions: readonly AiChatSession[], now: number): ChatExport {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    sessions: sortSessions(sessions),
  }
}

/** An import file that is not a valid export; nothing was changed. */
export class ChatImportError extends Error {
  readonly key = 'ai:import.invalid'

  constructor(detail: string, options?: { cause?: unknown }) {
    super(`Invalid chat export: ${detail}`, options)
    this.name = 'ChatImportError'
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The sessions of an export file; anything else, in whole or in part, is rejected. */
export function parseExport(text: string): AiChatSession[] {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ChatImportError('not JSON', { cause: error })
  }
  if (!isRecord(data)) throw new ChatImportError('not an object')
  if (data.format !== EXPORT_FORMAT) throw new ChatImportError('unknown format')
  if (data.version !== EXPORT_VERSION) throw new ChatImportError('unknown version')
  if (typeof data.exportedAt !== 'string') throw new ChatImportError('no export time')
  if (!Array.isArray(data.sessions)) throw new ChatImportError('no sessions')
  return data.sessions.map((raw: unknown, index) => {
    const session = parseChatSession(raw)
    if (!session) throw new ChatImportError(`session ${index} has the wrong shape`)
    return session
  })
}

interface MergeResult {
  sessions: AiChatSession[]
  /** Imported sessions that were added or replaced an older copy. */
  written: AiChatSession[]
  /** Imported sessions not newer than the copy already there. */
  skipped: number
}

/** Adds imported sessions; for an id already present the later `updatedAt` wins (ties keep ours). */
export function mergeSessions(
  existing: readonly AiChatSession[],
  imported: readonly AiChatSession[],
): MergeResult {
  const byId = new Map(existing.map((session) => [session.id, session]))
  const written = new Map<string, AiChatSession>()
  let skipped = 0
  for (const session of imported) {
    const current = byId.get(session.id)
    if (current && current.updatedAt >= session.updatedAt) {
      skipped++
      continue
    }
    byId.set(session.id, session)
    written.set(session.id, session)
  }
  return { sessions: [...byId.values()], written: [...written.values()], skipped }
}
