import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore } from 'idb'
import { parseChatSession, type AiChatSession } from './model.ts'

/** Spec §9. */
export const CHAT_DB_NAME = 'aiChatDB'
export const CHAT_DB_VERSION = 1
export const CHAT_STORE = 'sessions'

/** The local storage errors of spec §8. */
type ChatStorageErrorKind =
  'unsupported' | 'open' | 'not_serialisable' | 'save' | 'transaction' | 'read' | 'delete'

export const CHAT_STORAGE_ERROR_KINDS: readonly ChatStorageErrorKind[] = [
  'unsupported',
  'open',
  'not_serialisable',
  'save',
  'transaction',
  'read',
  'delete',
]

const DEFAULT_MESSAGES: Record<ChatStorageErrorKind, string> = {
  unsupported: 'IndexedDB is not supported in this browser',
  open: 'Cannot open the chat database',
  not_serialisable: 'Chat data is not serialisable',
  save: 'Saving the chat failed',
  transaction: 'The chat database transaction failed',
  read: 'Reading saved chats failed',
  delete: 'Deleting the chat failed',
}

export class ChatStorageError extends Error {
  readonly kind: ChatStorageErrorKind
  /** The i18n key of the text the UI shows: `ai:storage.<kind>`. */
  readonly key: `ai:storage.${ChatStorageErrorKind}`

  constructor(kind: ChatStorageErrorKind, options?: { cause?: unknown }) {
    super(DEFAULT_MESSAGES[kind], options)
    this.name = 'ChatStorageError'
    this.kind = kind
    this.key = `ai:storage.${kind}`
  }
}

/** Where chat sessions live. Every method rejects with a {@link ChatStorageError} only. */
export interface ChatStorage {
  /** False for the in-memory fallback: nothing survives the page (spec §4.5). */
  readonly available: boolean
  /** Every stored session; records of the wrong shape are skipped (and logged). */
  loadAll(): Promise<AiChatSession[]>
  save(session: AiChatSession): Promise<void>
  /** Saves all or none (one transaction). */
  saveMany(sessions: readonly AiChatSession[]): Promise<void>
  delete(id: string): Promise<void>
  deleteMany(ids: readonly string[]): Promise<void>
  clear(): Promise<void>
}

/** Spec §5: only non-null, structured-cloneable data is saved. */
function assertStorable(value: unknown): void {
  if (value === null || value === undefined) throw new ChatStorageError('not_serialisable')
  try {
    structuredClone(value)
  } catch (error) {
    throw new ChatStorageError('not_serialisable', { cause: error })
  }
}

function keepValidSessions(records: readonly unknown[]): AiChatSession[] {
  const sessions: AiChatSession[] = []
  for (const record of records) {
    const session = parseChatSession(record)
    if (session) sessions.push(session)
    else console.warn('Skipping a stored chat session of the wrong shape', record)
  }
  return sessions
}

/** Keeps sessions in a Map: the fallback when IndexedDB is missing, and a fake for tests. */
export function createMemoryChatStorage({ available = false } = {}): ChatStorage {
  const sessions = new Map<string, AiChatSession>()
  const put = (session: AiChatSession) => {
    assertStorable(session)
    sessions.set(session.id, structuredClone(session))
  }
  return {
    available,
    loadAll: async () => keepValidSessions([...sessions.values()].map((s) => structuredClone(s))),
    save: async (session) => put(session),
    saveMany: async (list) => {
      list.forEach(assertStorable)
      list.forEach(put)
    },
    delete: async (id) => void sessions.delete(id),
    deleteMany: async (ids) => ids.forEach((id) => sessions.delete(id)),
    clear: async () => sessions.clear(),
  }
}

interface ChatDB extends DBSchema {
  sessions: { key: string; value: AiChatSession }
}

type WriteStore = IDBPObjectStore<ChatDB, ['sessions'], 'sessions', 'readwrite'>

/**
 * Runs one readwrite transaction. A failing request is reported as `kind`; a transaction that
 * cannot start or that aborts afterwards (quota, closed connection) as 'transaction'.
 */
async function write(
  db: IDBPDatabase<ChatDB>,
  kind: ChatStorageErrorKind,
  work: (store: WriteStore) => Promise<unknown>,
): Promise<void> {
  let tx
  try {
    tx = db.transaction(CHAT_STORE, 'readwrite')
  } catch (error) {
    throw new ChatStorageError('transaction', { cause: error })
  }
  // Observed at once so that an abort caused by a failing request is never unhandled.
  const done = tx.done.then(
    () => null,
    (error: unknown) => error ?? new Error('transaction aborted'),
  )
  try {
    await work(tx.store)
  } catch (error) {
    throw new ChatStorageError(kind, { cause: error })
  }
  const failure = await done
  if (failure !== null) throw new ChatStorageError('transaction', { cause: failure })
}

function indexedDbStorage(db: IDBPDatabase<ChatDB>): ChatStorage {
  return {
    available: true,
    async loadAll() {
      let records: unknown[]
      try {
        records = await db.getAll(CHAT_STORE)
      } catch (error) {
        throw new ChatStorageError('read', { cause: error })
      }
      return keepValidSessions(records)
    },
    async save(session) {
      assertStorable(session)
      await write(db, 'save', (store) => store.put(session))
    },
    async saveMany(sessions) {
      sessions.forEach(assertStorable)
      await write(db, 'save', (store) => Promise.all(sessions.map((s) => store.put(s))))
    },
    async delete(id) {
      await write(db, 'delete', (store) => store.delete(id))
    },
    async deleteMany(ids) {
      await write(db, 'delete', (store) => Promise.all(ids.map((id) => store.delete(id))))
    },
    async clear() {
      await write(db, 'delete', (store) => store.clear())
    },
  }
}

function indexedDbFactory(): IDBFactory | undefined {
  try {
    return globalThis.indexedDB ?? undefined
  } catch {
    // Some sandboxed frames throw a SecurityError on mere access.
    return undefined
  }
}

/** Asks the browser not to evict the chats under storage pressure; a refusal changes nothing. */
function requestPersistence(): void {
  try {
    void navigator.storage?.persist?.().catch(() => undefined)
  } catch {
    // Not allowed here: the chats stay "best effort" storage.
  }
}

export interface OpenedChatStorage {
  storage: ChatStorage
  /** Why the in-memory fallback is used ('unsupported' or 'open'); null with IndexedDB. */
  error: ChatStorageError | null
}

/** Opens `aiChatDB` v1; never rejects: without IndexedDB the in-memory storage is returned. */
export async function openChatStorage(): Promise<OpenedChatStorage> {
  if (!indexedDbFactory()) {
    return { storage: createMemoryChatStorage(), error: new ChatStorageError('unsupported') }
  }
  try {
    const db: IDBPDatabase<ChatDB> = await openDB<ChatDB>(CHAT_DB_NAME, CHAT_DB_VERSION, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(CHAT_STORE)) {
          database.createObjectStore(CHAT_STORE, { keyPath: 'id' })
        }
      },
      // Another tab upgrading or deleting the database must not wait for this one to close.
      blocking: () => db.close(),
    })
    requestPersistence()
    return { storage: indexedDbStorage(db), error: null }
  } catch (error) {
    return {
      storage: createMemoryChatStorage(),
      error: new ChatStorageError('open', { cause: error }),
    }
  }
}
