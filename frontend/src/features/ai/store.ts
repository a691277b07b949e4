/**
 * The AI chat's client state (jotai) and the actions the modal uses (spec §4.5). State changes
 * are the pure functions of `session-logic.ts`; this file adds time, storage and the network,
 * which come from {@link aiChatDepsAtom} so tests can replace them.
 */
import { atom, useAtomValue, useStore, type createStore } from 'jotai'
import { useMemo } from 'react'
import { postChat, type PostChatOptions } from './api/post-chat.ts'
import { INITIAL_MODEL, type AiChatSession } from './model.ts'
import {
  addMessage,
  addUserMessage,
  appendDelta,
  assistantPlaceholder,
  buildExport,
  cleanUnusedSessions,
  completeReply,
  createSession,
  dropLastReply,
  failReply,
  failureReason,
  findReusableSession,
  mergeSessions,
  parseExport,
  replaceSession,
  requestMessages,
  sortSessions,
  stopReply,
  userMessage,
} from './session-logic.ts'
import {
  ChatStorageError,
  createMemoryChatStorage,
  openChatStorage,
  type ChatStorage,
  type OpenedChatStorage,
} from './storage.ts'
import { readChatStream } from './stream.ts'

export { ChatImportError } from './session-logic.ts'

/** An error for the UI to show: an i18n key (`ai:storage.save`, …) and its parameters. */
export interface AiChatError {
  key: string
  params?: Record<string, string>
}

interface AiChatState {
  /** In no particular order; {@link useAiChat} sorts them. */
  sessions: AiChatSession[]
  currentSessionId: string | null
  selectedModel: string
  isLoading: boolean
  ready: boolean
  storageAvailable: boolean
  lastError: AiChatError | null
}

const initialAiChatState: AiChatState = {
  sessions: [],
  currentSessionId: null,
  selectedModel: INITIAL_MODEL,
  isLoading: false,
  ready: false,
  storageAvailable: true,
  lastError: null,
}

export const aiChatStateAtom = atom<AiChatState>(initialAiChatState)

/** What the store needs from outside. */
interface AiChatDeps {
  /** Must not reject: without IndexedDB it returns the in-memory storage and the reason. */
  openStorage: () => Promise<OpenedChatStorage>
  postChat: (options: PostChatOptions) => Promise<Response>
  now: () => number
}

export const aiChatDepsAtom = atom<AiChatDeps>({
  openStorage: openChatStorage,
  postChat,
  now: () => Date.now(),
})

export interface AiChatActions {
  setSelectedModel(id: string): void
  init(): Promise<void>
  onModalOpen(): Promise<void>
  /** Whether {@link send} would accept this text now (not loading, not blank). */
  canSend(text: string): boolean
  send(text: string): Promise<void>
  stop(): void
  regenerate(): Promise<void>
  newSession(): Promise<void>
  switchSession(id: string): void
  deleteSession(id: string): Promise<void>
  renameSession(id: string, title: string): Promise<void>
  clearCurrent(): Promise<void>
  clearAll(): Promise<void>
  exportJson(): string
  importJson(text: string): Promise<{ imported: number; skipped: number }>
  /** Forgets {@link AiChatState.lastError} once the UI has shown it. */
  dismissError(): void
}

type Store = ReturnType<typeof createStore>

class AiChatController implements AiChatActions {
  readonly #store: Store
  #storage: ChatStorage = createMemoryChatStorage()
  #initializing: Promise<void> | null = null
  #opening: Promise<void> | null = null
  #active: { controller: AbortController; sessionId: string } | null = null

  constructor(store: Store) {
    this.#store = store
  }

  get #state(): AiChatState {
    return this.#store.get(aiChatStateAtom)
  }

  get #deps(): AiChatDeps {
    return this.#store.get(aiChatDepsAtom)
  }

  #update(change: Partial<AiChatState> | ((state: AiChatState) => Partial<AiChatState>)): void {
    this.#store.set(aiChatStateAtom, (state) => ({
      ...state,
      ...(typeof change === 'function' ? change(state) : change),
    }))
  }

  #session(id: string | null): AiChatSession | undefined {
    return this.#state.sessions.find((session) => session.id === id)
  }

  #changeSession(id: string, change: (session: AiChatSession) => AiChatSession): void {
    this.#update((state) => ({ sessions: replaceSession(state.sessions, id, change) }))
  }

  #report(error: unknown): void {
    const storageError =
      error instanceof ChatStorageError
        ? error
        : new ChatStorageError('transaction', { cause: error })
    console.error(storageError)
    this.#update({ lastError: { key: storageError.key } })
  }

  /** Saves the session as it is in the state now; one that was deleted meanwhile is not revived. */
  async #save(id: string): Promise<void> {
    const session = this.#session(id)
    if (!session) return
    await this.#storage.save(session).catch((error: unknown) => this.#report(error))
  }

  async #remove(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return
    await this.#storage.deleteMany(ids).catch((error: unknown) => this.#report(error))
  }

  /** Adds a fresh '新会话 N' session and makes it current; the caller saves it. */
  #addFreshSession(): AiChatSession {
    const session = createSession(this.#state.sessions, this.#deps.now())
    this.#update((state) => ({
      sessions: [...state.sessions, session],
      currentSessionId: session.id,
    }))
    return session
  }

  /** Stops the reply being streamed (into the given session only, when one is given). */
  #abortStream(sessionId?: string): void {
    if (sessionId === undefined || this.#active?.sessionId === sessionId) {
      this.#active?.controller.abort()
    }
  }

  setSelectedModel = (id: string): void => this.#update({ selectedModel: id })

  dismissError = (): void => this.#update({ lastError: null })

  /** Once per page (and per store): later calls return the first call's promise. */
  init = (): Promise<void> => (this.#initializing ??= this.#load())

  async #load(): Promise<void> {
    const { storage, error } = await this.#deps.openStorage()
    this.#storage = storage
    // An unsupported browser is a state the modal's notice explains, not an event to toast.
    if (error && error.kind !== 'unsupported') this.#report(error)
    let sessions = await storage.loadAll().catch((loadError: unknown) => {
      this.#report(loadError)
      return []
    })
    // Spec §4.5: without the database nothing is restored and a new session is created.
    if (!storage.available) sessions = [createSession([], this.#deps.now())]
    this.#update({
      sessions,
      currentSessionId: sortSessions(sessions)[0]?.id ?? null,
      storageAvailable: storage.available,
      ready: true,
    })
  }

  onModalOpen = (): Promise<void> =>
    (this.#opening ??= this.#open().finally(() => {
      this.#opening = null
    }))

  /**
   * Spec §4.5: unused fresh sessions go (also from the database); when the current one went
   * the current id becomes null (the next message starts a session of its own). Only when no
   * session remains is a fresh one created, and it becomes current.
   */
  async #open(): Promise<void> {
    await this.init()
    const { sessions, removedIds, currentSessionId } = cleanUnusedSessions(
      this.#state.sessions,
      this.#state.currentSessionId,
    )
    this.#update({ sessions, currentSessionId })
    const created = sessions.length === 0 ? this.#addFreshSession() : null
    await this.#remove(removedIds)
    if (created) await this.#save(created.id)
  }

  canSend = (text: string): boolean => !this.#state.isLoading && text.trim() !== ''

  send = async (text: string): Promise<void> => {
    if (!this.canSend(text)) return
    await this.#whileLoading(async () => {
      const now = this.#deps.now()
      // Spec §4.5: a session is created on first use.
      const sessionId =
        this.#session(this.#state.currentSessionId)?.id ?? this.#addFreshSession().id
      const message = userMessage(text.trim(), now)
      this.#changeSession(sessionId, (session) => addUserMessage(session, message, now))
      await this.#requestReply(sessionId)
    })
  }

  regenerate = async (): Promise<void> => {
    if (this.#state.isLoading) return
    await this.#whileLoading(async () => {
      const session = this.#session(this.#state.currentSessionId)
      const shortened = session && dropLastReply(session)
      if (!shortened) return
      this.#changeSession(shortened.id, () => shortened)
      await this.#requestReply(shortened.id)
    })
  }

  /** isLoading is set before anything is awaited, so a second send is refused at once. */
  async #whileLoading(work: () => Promise<void>): Promise<void> {
    this.#update({ isLoading: true })
    try {
      await this.init()
      await work()
    } finally {
      this.#update({ isLoading: false })
    }
  }

  /** Streams a reply to the session's history into a new assistant message, then saves. */
  async #requestReply(sessionId: string): Promise<void> {
    const history = requestMessages(this.#session(sessionId)?.messages ?? [])
    const { now } = this.#deps
    const model = this.#state.selectedModel
    const reply = assistantPlaceholder(model, now())
    this.#changeSession(sessionId, (session) => addMessage(session, reply))
    const controller = new AbortController()
    this.#active = { controller, sessionId }
    const started = now()
    try {
      const response = await this.#deps.postChat({
        messages: history,
        model,
        signal: controller.signal,
      })
      await readChatStream(
        response,
        (delta) =>
          this.#changeSession(sessionId, (session) => appendDelta(session, reply.id, delta)),
        controller.signal,
      )
      this.#changeSession(sessionId, (s) => completeReply(s, reply.id, now() - started, now()))
    } catch (error) {
      const elapsed = now() - started
      this.#changeSession(sessionId, (s) =>
        controller.signal.aborted
          ? stopReply(s, reply.id, elapsed, now())
          : failReply(s, reply.id, failureReason(error), elapsed, now()),
      )
    } finally {
      this.#active = null
    }
    await this.#save(sessionId)
  }

  stop = (): void => this.#active?.controller.abort()

  /** Spec §4.5: an unused fresh session is reused (and moves to the top) instead of adding one. */
  newSession = async (): Promise<void> => {
    await this.init()
    const reusable = findReusableSession(this.#state.sessions, this.#state.currentSessionId)
    if (!reusable) {
      await this.#save(this.#addFreshSession().id)
      return
    }
    const now = this.#deps.now()
    this.#changeSession(reusable.id, (session) => ({ ...session, updatedAt: now }))
    this.#update({ currentSessionId: reusable.id })
    await this.#save(reusable.id)
  }

  switchSession = (id: string): void => {
    if (this.#session(id)) this.#update({ currentSessionId: id })
  }

  /** The current session's replacement is the first remaining one, or a fresh one (spec §4.5). */
  deleteSession = async (id: string): Promise<void> => {
    await this.init()
    if (!this.#session(id)) return
    this.#abortStream(id)
    const wasCurrent = this.#state.currentSessionId === id
    const remaining = this.#state.sessions.filter((session) => session.id !== id)
    this.#update({ sessions: remaining })
    if (wasCurrent) this.#update({ currentSessionId: sortSessions(remaining)[0]?.id ?? null })
    const created = wasCurrent && remaining.length === 0 ? this.#addFreshSession() : null
    await this.#storage.delete(id).catch((error: unknown) => this.#report(error))
    if (created) await this.#save(created.id)
  }

  /** Trimmed; a blank title changes nothing (spec §5). The list order stays as it is. */
  renameSession = async (id: string, title: string): Promise<void> => {
    const trimmed = title.trim()
    if (trimmed === '') return
    await this.init()
    if (!this.#session(id)) return
    this.#changeSession(id, (session) => ({ ...session, title: trimmed }))
    await this.#save(id)
  }

  clearCurrent = async (): Promise<void> => {
    await this.init()
    const id = this.#state.currentSessionId
    if (!this.#session(id) || id === null) return
    this.#abortStream(id)
    const now = this.#deps.now()
    this.#changeSession(id, (session) => ({ ...session, messages: [], updatedAt: now }))
    await this.#save(id)
  }

  clearAll = async (): Promise<void> => {
    await this.init()
    this.#abortStream()
    this.#update({ sessions: [], currentSessionId: null })
    const created = this.#addFreshSession()
    await this.#storage.clear().catch((error: unknown) => this.#report(error))
    await this.#save(created.id)
  }

  exportJson = (): string =>
    JSON.stringify(buildExport(this.#state.sessions, this.#deps.now()), null, 2)

  /**
   * Adds the sessions of an export; for an id already here the later `updatedAt` wins. Rejects
   * with a ChatImportError (nothing changed) or a ChatStorageError (nothing saved or changed).
   */
  importJson = async (text: string): Promise<{ imported: number; skipped: number }> => {
    const incoming = parseExport(text)
    await this.init()
    const { written, skipped } = mergeSessions(this.#state.sessions, incoming)
    await this.#storage.saveMany(written)
    this.#update((state) => {
      const sessions = mergeSessions(state.sessions, written).sessions
      const current = state.currentSessionId ?? sortSessions(sessions)[0]?.id ?? null
      return { sessions, currentSessionId: current }
    })
    return { imported: written.length, skipped }
  }
}

const controllers = new WeakMap<Store, AiChatController>()

/** The actions bound to a jotai store (one controller per store, created on first use). */
export function aiChatActions(store: Store): AiChatActions {
  let controller = controllers.get(store)
  if (!controller) {
    controller = new AiChatController(store)
    controllers.set(store, controller)
  }
  return controller
}

interface AiChat extends Omit<AiChatState, 'sessions'>, AiChatActions {
  /** Most recently updated first. */
  sessions: AiChatSession[]
  currentSession: AiChatSession | null
}

/** The chat as the modal sees it. */
export function useAiChat(): AiChat {
  const store = useStore()
  const state = useAtomValue(aiChatStateAtom, { store })
  const actions = aiChatActions(store)
  return useMemo(() => {
    const sessions = sortSessions(state.sessions)
    const currentSession = sessions.find((s) => s.id === state.currentSessionId) ?? null
    return {
      ...state,
      sessions,
      currentSession,
      setSelectedModel: actions.setSelectedModel,
      init: actions.init,
      onModalOpen: actions.onModalOpen,
      canSend: actions.canSend,
      send: actions.send,
      stop: actions.stop,
      regenerate: actions.regenerate,
      newSession: actions.newSession,
      switchSession: actions.switchSession,
      deleteSession: actions.deleteSession,
      renameSession: actions.renameSession,
      clearCurrent: actions.clearCurrent,
      clearAll: actions.clearAll,
      exportJson: actions.exportJson,
      importJson: actions.importJson,
      dismissError: actions.dismissError,
    }
  }, [state, actions])
}
