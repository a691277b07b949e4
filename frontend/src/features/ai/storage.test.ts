import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import en from '@/locales/en/ai.json'
import zh from '@/locales/zh/ai.json'
import type { AiChatSession } from './model.ts'
import {
  CHAT_DB_NAME,
  CHAT_DB_VERSION,
  CHAT_STORAGE_ERROR_KINDS,
  CHAT_STORE,
  ChatStorageError,
  createMemoryChatStorage,
  openChatStorage,
  type ChatStorage,
} from './storage.ts'
import { message, session } from './test-fixtures.ts'

beforeEach(() => {
  // A fresh, empty browser database for every test.
  vi.stubGlobal('indexedDB', new IDBFactory())
})

async function openIndexedDb(): Promise<ChatStorage> {
  const { storage, error } = await openChatStorage()
  expect(error).toBeNull()
  expect(storage.available).toBe(true)
  return storage
}

/** Reads the store directly, not through the code under test. */
async function rawSessions(): Promise<unknown[]> {
  const db = await openDB(CHAT_DB_NAME, CHAT_DB_VERSION)
  try {
    return await db.getAll(CHAT_STORE)
  } finally {
    db.close()
  }
}

function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  )
}

describe('chat storage (spec §9: aiChatDB v1, store sessions keyed by id)', () => {
  it('saves, reads back, deletes and clears sessions in aiChatDB v1 "sessions"', async () => {
    const storage = await openIndexedDb()
    const first = session({ messages: [message({ content: '你好' })] })
    const second = session({ title: 'Two' })
    const third = session({ title: 'Three' })
    await storage.save(first)
    await storage.saveMany([second, third])
    await storage.save({ ...second, title: 'Two, renamed' })

    const db = await openDB(CHAT_DB_NAME)
    expect(db.version).toBe(1)
    expect(db.transaction(CHAT_STORE).store.keyPath).toBe('id')
    db.close()
    expect(await rawSessions()).toHaveLength(3)
    const loaded = await storage.loadAll()
    expect(loaded).toEqual(expect.arrayContaining([first, { ...second, title: 'Two, renamed' }]))

    await storage.delete(first.id)
    expect(await rawSessions()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: second.id })]),
    )
    await storage.deleteMany([second.id])
    expect(await rawSessions()).toEqual([third])
    await storage.clear()
    expect(await rawSessions()).toEqual([])
  })

  it('sessions survive closing and reopening the database', async () => {
    const storage = await openIndexedDb()
    const saved = session({ messages: [message()] })
    await storage.save(saved)
    const reopened = await openIndexedDb()
    await expect(reopened.loadAll()).resolves.toEqual([saved])
  })

  it('stored records of the wrong shape are skipped when loading', async () => {
    const storage = await openIndexedDb()
    const good = session()
    await storage.save(good)
    const db = await openDB(CHAT_DB_NAME, CHAT_DB_VERSION)
    await db.put(CHAT_STORE, { id: 'broken', title: 42 })
    db.close()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await expect(storage.loadAll()).resolves.toEqual([good])
    expect(warn).toHaveBeenCalledOnce()
  })

  it('local chat data must be serialisable to be saved', async () => {
    const storage = await openIndexedDb()
    const unserialisable = { ...session(), title: 'fn', extra: () => 1 } as AiChatSession
    const error = await errorOf(storage.save(unserialisable))
    expect(error).toBeInstanceOf(ChatStorageError)
    expect(error).toMatchObject({ kind: 'not_serialisable', key: 'ai:storage.not_serialisable' })
    expect(await rawSessions()).toEqual([])
  })

  it('local chat data must be non-null to be saved', async () => {
    const storage = await openIndexedDb()
    const error = await errorOf(storage.save(null as unknown as AiChatSession))
    expect(error).toMatchObject({ kind: 'not_serialisable' })
    const batch = await errorOf(storage.saveMany([session(), null as unknown as AiChatSession]))
    expect(batch).toMatchObject({ kind: 'not_serialisable' })
    expect(await rawSessions()).toEqual([])
  })

  it('a failing write is a typed save error, a closed connection a transaction error', async () => {
    const storage = await openIndexedDb()
    const noId = { ...session(), id: undefined } as unknown as AiChatSession
    await expect(errorOf(storage.saveMany([noId]))).resolves.toMatchObject({ kind: 'save' })
    // Close every connection the storage holds by deleting the database underneath it.
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(CHAT_DB_NAME)
      request.onsuccess = () => resolve()
      request.onblocked = () => resolve()
    })
    await expect(errorOf(storage.save(session()))).resolves.toMatchObject({
      kind: 'transaction',
      key: 'ai:storage.transaction',
    })
  })

  it('without IndexedDB the in-memory storage is used and the reason is "unsupported"', async () => {
    vi.stubGlobal('indexedDB', undefined)
    const { storage, error } = await openChatStorage()
    expect(storage.available).toBe(false)
    expect(error).toMatchObject({ kind: 'unsupported', key: 'ai:storage.unsupported' })
  })

  it('a database that cannot be opened falls back to memory with an "open" error', async () => {
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('A mutation operation was attempted', 'InvalidStateError')
      },
    })
    const { storage, error } = await openChatStorage()
    expect(storage.available).toBe(false)
    expect(error).toBeInstanceOf(ChatStorageError)
    expect(error).toMatchObject({ kind: 'open' })
  })

  it('asks the browser to persist storage once when the database opens, ignoring a refusal', async () => {
    const persist = vi.fn(() => Promise.reject(new Error('denied')))
    vi.stubGlobal('navigator', Object.create(navigator, { storage: { value: { persist } } }))
    await openIndexedDb()
    expect(persist).toHaveBeenCalledOnce()
  })

  it('the in-memory storage keeps copies, not the objects it was given', async () => {
    const storage = createMemoryChatStorage()
    const saved = session({ messages: [message()] })
    await storage.save(saved)
    saved.messages.push(message())
    const [loaded] = await storage.loadAll()
    expect(loaded?.messages).toHaveLength(1)
    expect(storage.available).toBe(false)
  })
})

describe('storage error texts', () => {
  it('every storage error kind has a zh and an en text under ai:storage', () => {
    for (const kind of CHAT_STORAGE_ERROR_KINDS) {
      const { key } = new ChatStorageError(kind)
      const path = key.replace('ai:storage.', '') as keyof typeof en.storage
      expect(en.storage[path], key).toMatch(/\S/)
      expect(zh.storage[path], key).toMatch(/\S/)
    }
  })
})
