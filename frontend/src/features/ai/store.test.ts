import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { act, renderHook } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { createElement, type ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AiChatSession } from './model.ts'
import {
  CHAT_DB_NAME,
  CHAT_STORE,
  ChatStorageError,
  createMemoryChatStorage,
  openChatStorage,
  type ChatStorage,
} from './storage.ts'
import {
  aiChatActions,
  aiChatDepsAtom,
  aiChatStateAtom,
  ChatImportError,
  useAiChat,
  type AiChatActions,
} from './store.ts'
import {
  controlledResponse,
  deltaEvent,
  DONE_EVENT,
  message,
  session,
  sseEvent,
  streamResponse,
} from './test-fixtures.ts'

type Store = ReturnType<typeof createStore>
type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>

let clock: number
let store: Store
let chat: AiChatActions
let fetchMock: FetchMock

/** A new page: a fresh store on the current (fake) browser database, fetch stubbed. */
function newPage(options: { storage?: ChatStorage } = {}): void {
  store = createStore()
  const defaults = store.get(aiChatDepsAtom)
  store.set(aiChatDepsAtom, {
    ...defaults,
    now: () => clock,
    ...(options.storage && {
      openStorage: async () => ({ storage: options.storage as ChatStorage, error: null }),
    }),
  })
  chat = aiChatActions(store)
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory())
  clock = 1_700_000_000_000
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
  newPage()
})

const state = () => store.get(aiChatStateAtom)
const current = () => state().sessions.find((s) => s.id === state().currentSessionId)
const lastMessage = () => current()?.messages.at(-1)

async function storedSessions(): Promise<AiChatSession[]> {
  const db = await openDB(CHAT_DB_NAME)
  try {
    return (await db.getAll(CHAT_STORE)) as AiChatSession[]
  } finally {
    db.close()
  }
}

async function stored(id: string | null | undefined): Promise<AiChatSession | undefined> {
  return (await storedSessions()).find((s) => s.id === id)
}

/** Puts sessions into the browser database, as an earlier page would have. */
async function seed(...sessions: AiChatSession[]): Promise<void> {
  const { storage } = await openChatStorage()
  await storage.saveMany(sessions)
}

function requestBody(call = 0): { messages: unknown; model: string } {
  return JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as {
    messages: unknown
    model: string
  }
}

function answer(...chunks: string[]): void {
  fetchMock.mockResolvedValueOnce(streamResponse([...chunks, DONE_EVENT]))
}

/** The next request answers with a stream the test feeds by hand. */
function answerByHand() {
  const stream = controlledResponse()
  fetchMock.mockResolvedValueOnce(stream.response)
  return stream
}

async function opened(): Promise<void> {
  await chat.onModalOpen()
}

describe('AI chat (spec §4.5)', () => {
  it('a new session is created on first use', async () => {
    await chat.init()
    expect(state().sessions).toEqual([])
    expect(state().currentSessionId).toBeNull()
    await opened()
    expect(state().sessions).toHaveLength(1)
    expect(current()).toMatchObject({ title: '新会话 1', messages: [], createdAt: clock })
    expect(current()?.id).toMatch(/^session-\d{13}[0-9a-z]+$/)
    expect(await storedSessions()).toEqual([current()])
  })

  it('sending without a current session creates one first', async () => {
    answer(deltaEvent({ content: 'hello' }))
    await chat.send('hi')
    expect(state().sessions).toHaveLength(1)
    expect(current()?.messages.map((m) => m.content)).toEqual(['hi', 'hello'])
  })

  it("an empty unused session titled '新会话 N' is reused rather than creating another", async () => {
    await opened()
    const fresh = current()
    clock += 1000
    await chat.newSession()
    expect(state().sessions).toHaveLength(1)
    expect(current()?.id).toBe(fresh?.id)

    answer(deltaEvent({ content: 'ok' }))
    await chat.send('now it is used')
    await chat.newSession()
    expect(state().sessions).toHaveLength(2)
    expect(current()).toMatchObject({ title: '新会话 1', messages: [] })
    expect(current()?.id).not.toBe(fresh?.id)
  })

  it("a new session is numbered 1 + the highest N among '新会话 N' titles", async () => {
    await seed(
      session({ title: '新会话 2', messages: [message()] }),
      session({ title: '新会话 7', messages: [message()] }),
      session({ title: '新会话 x9', messages: [message()] }),
      session({ title: 'Travel plans', messages: [message()] }),
    )
    await chat.newSession()
    expect(current()?.title).toBe('新会话 8')
  })

  it("the first message sets the title to its first 20 characters, with '...' appended if longer", async () => {
    await opened()
    answer(deltaEvent({ content: 'a' }))
    await chat.send('请帮我写一首关于春天的诗，要求七言绝句，押平声韵')
    expect(current()?.title).toBe('请帮我写一首关于春天的诗，要求七言绝句，...')
    answer(deltaEvent({ content: 'b' }))
    await chat.send('A second message does not change it')
    expect(current()?.title).toBe('请帮我写一首关于春天的诗，要求七言绝句，...')
    expect((await stored(current()?.id))?.title).toBe('请帮我写一首关于春天的诗，要求七言绝句，...')
  })

  it('sending is blocked while loading', async () => {
    await opened()
    const stream = answerByHand()
    const first = chat.send('first')
    expect(chat.canSend('second')).toBe(false)
    await chat.send('second')
    stream.push(DONE_EVENT)
    stream.close()
    await first
    expect(fetchMock).toHaveBeenCalledOnce()
    expect(
      current()
        ?.messages.filter((m) => m.isUser)
        .map((m) => m.content),
    ).toEqual(['first'])
  })

  it('sending is blocked when the trimmed input is empty', async () => {
    await opened()
    expect(chat.canSend(' \n\t ')).toBe(false)
    await chat.send(' \n\t ')
    await chat.send('')
    expect(fetchMock).not.toHaveBeenCalled()
    expect(current()?.messages).toEqual([])
    expect(state().isLoading).toBe(false)
  })

  it('the user message is added, then an empty assistant message; isLoading is true until done', async () => {
    await opened()
    chat.setSelectedModel('deepseek-reasoner')
    const stream = answerByHand()
    const sending = chat.send('What is 2+2?')
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce())
    expect(state().isLoading).toBe(true)
    const [user, reply] = current()?.messages ?? []
    expect(user).toMatchObject({ content: 'What is 2+2?', isUser: true, timestamp: clock })
    expect(reply).toMatchObject({ content: '', isUser: false, model: 'deepseek-reasoner' })
    expect(reply?.id).toMatch(/^msg-\d{13}-[0-9a-z]+$/)
    stream.push(deltaEvent({ content: '4' }))
    stream.push(DONE_EVENT)
    stream.close()
    await sending
    expect(state().isLoading).toBe(false)
  })

  it('the stream appends reasoning and content deltas to the assistant message', async () => {
    await opened()
    const stream = answerByHand()
    const sending = chat.send('Why?')
    stream.push(deltaEvent({ reasoning: 'Let me ' }))
    stream.push(deltaEvent({ reasoning: 'think.' }))
    await vi.waitFor(() => expect(lastMessage()?.reasoning).toBe('Let me think.'))
    expect(lastMessage()?.content).toBe('')
    stream.push(deltaEvent({ content: 'Because ' }) + deltaEvent({ content: 'it is.' }))
    await vi.waitFor(() => expect(lastMessage()?.content).toBe('Because it is.'))
    stream.push(DONE_EVENT)
    stream.close()
    await sending
    expect(lastMessage()).toMatchObject({ reasoning: 'Let me think.', content: 'Because it is.' })
  })

  it('at the end responseTime is stored, session updatedAt refreshed and the session saved', async () => {
    await opened()
    const started = clock
    fetchMock.mockImplementationOnce(async () => {
      clock += 1500
      return streamResponse([deltaEvent({ content: 'done' }), DONE_EVENT])
    })
    await chat.send('hello')
    expect(lastMessage()).toMatchObject({ content: 'done', responseTime: 1500 })
    expect(current()?.updatedAt).toBe(started + 1500)
    expect(await stored(current()?.id)).toEqual(current())
  })

  it('the request carries the history as roles and contents only: no reasoning, no failed messages', async () => {
    await opened()
    answer(deltaEvent({ reasoning: 'secret thoughts' }), deltaEvent({ content: 'Hi!' }))
    await chat.send('Hello')
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }))
    await chat.send('Are you there?')
    answer(deltaEvent({ content: 'Yes.' }))
    await chat.send('Hello again')
    expect(requestBody(2)).toMatchObject({
      model: 'deepseek-chat',
      messages: [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi!' },
        // The unanswered question and the next one are joined: roles must alternate.
        { role: 'user', content: 'Are you there?\n\nHello again' },
      ],
    })
  })

  it("on failure the empty placeholder is removed and '发送消息失败: {reason}' is added and saved; isLoading resets", async () => {
    await opened()
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }))
    await chat.send('hello')
    const messages = current()?.messages ?? []
    expect(messages).toHaveLength(2)
    expect(messages[1]).toMatchObject({
      content: '发送消息失败: API request failed: 500',
      isUser: false,
      failed: true,
    })
    expect(state().isLoading).toBe(false)
    expect((await stored(current()?.id))?.messages).toEqual(messages)
  })

  it("a response without a body fails with '发送消息失败: 无法读取响应流'", async () => {
    await opened()
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }))
    await chat.send('hello')
    expect(current()?.messages.map((m) => m.content)).toEqual([
      'hello',
      '发送消息失败: 无法读取响应流',
    ])
  })

  it("an error without a reason fails with '发送消息失败: 未知错误'", async () => {
    await opened()
    fetchMock.mockRejectedValueOnce({})
    await chat.send('hello')
    expect(lastMessage()).toMatchObject({ content: '发送消息失败: 未知错误', failed: true })
  })

  it("the server's message and network errors are the reason", async () => {
    await opened()
    fetchMock.mockResolvedValueOnce(Response.json({ message: '请先登录' }, { status: 401 }))
    await chat.send('one')
    expect(lastMessage()?.content).toBe('发送消息失败: 请先登录')
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await chat.send('two')
    expect(lastMessage()?.content).toBe('发送消息失败: Failed to fetch')
  })

  it('an error event after part of the reply keeps that part and adds the failure message', async () => {
    await opened()
    fetchMock.mockResolvedValueOnce(
      streamResponse([
        deltaEvent({ content: 'The answer is' }),
        sseEvent({ error: { code: 'upstream_failed', message: 'upstream timed out' } }),
      ]),
    )
    await chat.send('question')
    expect(current()?.messages.map((m) => [m.content, m.failed ?? false])).toEqual([
      ['question', false],
      ['The answer is', false],
      ['发送消息失败: upstream timed out', true],
    ])
    expect(state().isLoading).toBe(false)
  })

  it('stop keeps what arrived, stores the response time and saves; it is not a failure', async () => {
    await opened()
    const stream = answerByHand()
    const sending = chat.send('Tell me a long story')
    stream.push(deltaEvent({ content: 'Once upon a time' }))
    await vi.waitFor(() => expect(lastMessage()?.content).toBe('Once upon a time'))
    clock += 800
    chat.stop()
    await sending
    const messages = current()?.messages ?? []
    expect(messages).toHaveLength(2)
    expect(messages[1]).toMatchObject({ content: 'Once upon a time', responseTime: 800 })
    expect(messages[1]?.failed).toBeUndefined()
    expect(state().isLoading).toBe(false)
    expect((await stored(current()?.id))?.messages).toEqual(messages)
  })

  it('stop before anything arrived leaves no empty reply', async () => {
    await opened()
    answerByHand()
    const sending = chat.send('hello')
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce())
    chat.stop()
    await sending
    expect(current()?.messages.map((m) => m.content)).toEqual(['hello'])
  })

  it('regenerate drops the last reply and asks again with the same history', async () => {
    await opened()
    answer(deltaEvent({ content: 'Paris' }))
    await chat.send('Capital of France?')
    answer(deltaEvent({ content: 'Blue' }))
    await chat.send('Colour of the sky?')
    answer(deltaEvent({ content: 'Usually blue.' }))
    await chat.regenerate()
    expect(requestBody(2).messages).toEqual(requestBody(1).messages)
    expect(current()?.messages.map((m) => m.content)).toEqual([
      'Capital of France?',
      'Paris',
      'Colour of the sky?',
      'Usually blue.',
    ])
    expect((await stored(current()?.id))?.messages.at(-1)?.content).toBe('Usually blue.')
  })

  it('regenerate after a failure replaces the failure message', async () => {
    await opened()
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }))
    await chat.send('hello')
    answer(deltaEvent({ content: 'Hi!' }))
    await chat.regenerate()
    expect(current()?.messages.map((m) => m.content)).toEqual(['hello', 'Hi!'])
  })

  it('clearing a session empties its messages', async () => {
    await opened()
    answer(deltaEvent({ content: 'Hi!' }))
    await chat.send('Hello')
    const id = current()?.id
    await chat.clearCurrent()
    expect(current()).toMatchObject({ id, title: 'Hello', messages: [] })
    expect((await stored(id))?.messages).toEqual([])
  })

  it('clear-all deletes all sessions and creates a new one', async () => {
    await seed(session({ messages: [message()] }), session({ messages: [message()] }))
    await opened()
    expect(state().sessions).toHaveLength(2)
    await chat.clearAll()
    expect(state().sessions).toHaveLength(1)
    expect(current()).toMatchObject({ title: '新会话 1', messages: [] })
    expect(await storedSessions()).toEqual([current()])
  })

  it('deleting the current session switches to the first remaining one', async () => {
    const older = session({ messages: [message()], updatedAt: 1_000 })
    const newer = session({ messages: [message()], updatedAt: 3_000 })
    const newest = session({ messages: [message()], updatedAt: 5_000 })
    await seed(older, newer, newest)
    await opened()
    chat.switchSession(older.id)
    await chat.deleteSession(older.id)
    expect(state().currentSessionId).toBe(newest.id)
    await chat.deleteSession(newer.id)
    expect(state().currentSessionId).toBe(newest.id)
    expect((await storedSessions()).map((s) => s.id)).toEqual([newest.id])
  })

  it('deleting the current session creates a new one if none remain', async () => {
    const only = session({ title: 'Only', messages: [message()] })
    await seed(only)
    await opened()
    await chat.deleteSession(only.id)
    expect(state().sessions).toHaveLength(1)
    expect(current()).toMatchObject({ title: '新会话 1', messages: [] })
    expect(await storedSessions()).toEqual([current()])
  })

  it("opening the modal removes sessions with no messages titled '新会话 …', also from the database", async () => {
    const used = session({ title: '新会话 1', messages: [message()], updatedAt: 9_000 })
    const unused = session({ title: '新会话 2', updatedAt: 8_000 })
    const emptyNamed = session({ title: 'Kept: a name of its own', updatedAt: 7_000 })
    await seed(used, unused, emptyNamed)
    await opened()
    expect(
      state()
        .sessions.map((s) => s.id)
        .sort(),
    ).toEqual([used.id, emptyNamed.id].sort())
    expect((await storedSessions()).map((s) => s.id).sort()).toEqual(
      [used.id, emptyNamed.id].sort(),
    )
    expect(state().currentSessionId).toBe(used.id)
  })

  it('opening the modal after the current unused session was cleaned away leaves no current session while others remain', async () => {
    const used = session({ messages: [message()], updatedAt: 1_000 })
    const unused = session({ title: '新会话 4', updatedAt: 2_000 })
    await seed(used, unused)
    await chat.init()
    expect(state().currentSessionId).toBe(unused.id)
    await opened()
    expect(state().sessions.map((s) => s.id)).toEqual([used.id])
    expect(state().currentSessionId).toBeNull()
    expect((await storedSessions()).map((s) => s.id)).toEqual([used.id])
    // The first message then starts a session of its own (created on first use).
    answer(deltaEvent({ content: 'hello' }))
    await chat.send('hi')
    expect(state().sessions).toHaveLength(2)
    expect(current()).toMatchObject({ title: 'hi' })
  })

  it('opening the modal with no current session while sessions remain makes none', async () => {
    const used = session({ messages: [message()], updatedAt: 1_000 })
    await seed(used)
    await chat.init()
    store.set(aiChatStateAtom, { ...state(), currentSessionId: null })
    await opened()
    expect(state().sessions.map((s) => s.id)).toEqual([used.id])
    expect(state().currentSessionId).toBeNull()
  })

  it('opening the modal when cleaning leaves no session creates a fresh one and makes it current', async () => {
    const unused = session({ title: '新会话 4', updatedAt: 2_000 })
    await seed(unused)
    await opened()
    expect(state().sessions).toHaveLength(1)
    expect(current()).toMatchObject({ title: '新会话 1', messages: [] })
    expect(await stored(unused.id)).toBeUndefined()
    expect(await storedSessions()).toEqual([current()])
  })

  it('opening the modal twice at once cleans and creates only once', async () => {
    await Promise.all([chat.onModalOpen(), chat.onModalOpen()])
    expect(state().sessions).toHaveLength(1)
  })

  it('on startup sessions are loaded from the browser database and the most recently updated becomes current', async () => {
    const older = session({ messages: [message()], updatedAt: 2_000 })
    const newer = session({ messages: [message()], updatedAt: 4_000 })
    await seed(older, newer)
    expect(state().ready).toBe(false)
    await chat.init()
    expect(state()).toMatchObject({
      ready: true,
      storageAvailable: true,
      currentSessionId: newer.id,
    })
    expect(state().sessions).toHaveLength(2)
  })

  it('startup happens once per page', async () => {
    const open = vi.fn(openChatStorage)
    store.set(aiChatDepsAtom, { ...store.get(aiChatDepsAtom), openStorage: open })
    await Promise.all([chat.init(), chat.init()])
    await chat.init()
    expect(open).toHaveBeenCalledOnce()
  })

  it('if storage is unsupported, sessions are neither saved nor restored and a new session is created', async () => {
    vi.stubGlobal('indexedDB', undefined)
    newPage()
    await chat.init()
    expect(state()).toMatchObject({ ready: true, storageAvailable: false })
    expect(state().sessions).toHaveLength(1)
    expect(current()).toMatchObject({ title: '新会话 1', messages: [] })
    expect(state().lastError).toBeNull()
    answer(deltaEvent({ content: 'Hi' }))
    await chat.send('Hello')
    expect(current()?.messages).toHaveLength(2)

    newPage()
    await chat.init()
    expect(current()?.messages).toEqual([])
  })
})

describe('AI chat storage errors (spec §8)', () => {
  it('a database that cannot be opened works like an unsupported one and is reported', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('denied', 'InvalidStateError')
      },
    })
    newPage()
    await chat.init()
    expect(state()).toMatchObject({ ready: true, storageAvailable: false })
    expect(state().lastError).toEqual({ key: 'ai:storage.open' })
    expect(current()).toMatchObject({ title: '新会话 1' })
  })

  it('a failed read starts with no sessions and is reported', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const storage = createMemoryChatStorage({ available: true })
    vi.spyOn(storage, 'loadAll').mockRejectedValue(new ChatStorageError('read'))
    newPage({ storage })
    await opened()
    expect(state().lastError).toEqual({ key: 'ai:storage.read' })
    expect(state().sessions).toHaveLength(1)
  })
})

describe('AI chat validation (spec §5)', () => {
  it('chat message text is trimmed before sending', async () => {
    await opened()
    answer(deltaEvent({ content: 'ok' }))
    await chat.send('  \n hello there \t ')
    expect(current()?.messages[0]?.content).toBe('hello there')
    expect(current()?.title).toBe('hello there')
    expect(requestBody().messages).toEqual([{ role: 'user', content: 'hello there' }])
  })

  it('session rename: the new title must be non-empty after trimming, else nothing happens', async () => {
    await opened()
    const id = current()?.id ?? ''
    await chat.renameSession(id, '   ')
    expect(current()?.title).toBe('新会话 1')
    await chat.renameSession(id, '  Holiday plans  ')
    expect(current()?.title).toBe('Holiday plans')
    expect((await stored(id))?.title).toBe('Holiday plans')
  })

  it('local chat data must be serialisable and non-null to be saved: a refusal reaches lastError', async () => {
    const storage = createMemoryChatStorage({ available: true })
    vi.spyOn(storage, 'save').mockRejectedValue(new ChatStorageError('not_serialisable'))
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    newPage({ storage })
    await opened()
    expect(state().lastError).toEqual({ key: 'ai:storage.not_serialisable' })
    chat.dismissError()
    expect(state().lastError).toBeNull()
  })
})

describe('AI chat streaming edge cases', () => {
  it('deleting the session being answered stops the reply and does not bring the session back', async () => {
    await seed(session({ title: 'Other', messages: [message()] }))
    await opened()
    const id = current()?.id ?? ''
    const stream = answerByHand()
    const sending = chat.send('hello')
    stream.push(deltaEvent({ content: 'partial' }))
    await vi.waitFor(() => expect(lastMessage()?.content).toBe('partial'))
    await chat.deleteSession(id)
    await sending
    expect(state().sessions.some((s) => s.id === id)).toBe(false)
    expect(await stored(id)).toBeUndefined()
    expect(state().isLoading).toBe(false)
  })

  it('a reply keeps streaming into its own session after switching to another', async () => {
    const other = session({ title: 'Other', messages: [message()] })
    await seed(other)
    await opened()
    await chat.newSession()
    const id = current()?.id
    expect(id).not.toBe(other.id)
    const stream = answerByHand()
    const sending = chat.send('hello')
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce())
    chat.switchSession(other.id)
    stream.push(deltaEvent({ content: 'for the first session' }) + DONE_EVENT)
    stream.close()
    await sending
    expect(
      state()
        .sessions.find((s) => s.id === id)
        ?.messages.at(-1)?.content,
    ).toBe('for the first session')
    expect(current()?.messages).toEqual(other.messages)
  })
})

describe('AI chat export and import', () => {
  it('export then import into an empty browser brings every session back', async () => {
    await opened()
    answer(deltaEvent({ reasoning: 'hmm', content: 'Hi!' }))
    await chat.send('Hello')
    await chat.newSession()
    const exported = chat.exportJson()
    const before = state().sessions
    expect(JSON.parse(exported)).toMatchObject({
      format: 'courtyard-ai-chat',
      version: 1,
      exportedAt: new Date(clock).toISOString(),
    })

    vi.stubGlobal('indexedDB', new IDBFactory())
    newPage()
    await chat.init()
    await expect(chat.importJson(exported)).resolves.toEqual({ imported: 2, skipped: 0 })
    expect(state().sessions).toEqual(expect.arrayContaining(before))
    expect(state().sessions).toHaveLength(2)
    expect(await storedSessions()).toEqual(expect.arrayContaining(before))
  })

  it('on import the copy with the later updatedAt wins', async () => {
    const mine = session({ title: 'Mine, newer', messages: [message()], updatedAt: 5_000 })
    const theirsOlder = { ...mine, title: 'Theirs, older', updatedAt: 4_000 }
    const kept = session({ title: 'Kept', messages: [message()], updatedAt: 1_000 })
    const keptNewer = { ...kept, title: 'Kept, newer', updatedAt: 6_000 }
    await seed(mine, kept)
    await chat.init()
    const file = JSON.stringify({
      format: 'courtyard-ai-chat',
      version: 1,
      exportedAt: '2026-01-01T00:00:00.000Z',
      sessions: [theirsOlder, keptNewer],
    })
    await expect(chat.importJson(file)).resolves.toEqual({ imported: 1, skipped: 1 })
    const titles = state()
      .sessions.map((s) => s.title)
      .sort()
    expect(titles).toEqual(['Kept, newer', 'Mine, newer'])
    expect((await stored(kept.id))?.title).toBe('Kept, newer')
  })

  it('importing garbage is rejected with nothing lost', async () => {
    const existing = session({ messages: [message()] })
    await seed(existing)
    await chat.init()
    const valid = { format: 'courtyard-ai-chat', version: 1, exportedAt: 'x', sessions: [] }
    const garbage = [
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...valid, format: 'other' }),
      JSON.stringify({ ...valid, version: 2 }),
      JSON.stringify({ ...valid, sessions: [session(), { ...session(), messages: [{ id: 1 }] }] }),
    ]
    for (const text of garbage) {
      const error = await chat.importJson(text).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ChatImportError)
      expect(error).toMatchObject({ key: 'ai:import.invalid' })
    }
    expect(state().sessions).toEqual([existing])
    expect(await storedSessions()).toEqual([existing])
  })
})

describe('useAiChat', () => {
  it('exposes the sessions most recently updated first and the current session', async () => {
    const older = session({ title: 'Older', messages: [message()], updatedAt: 1_000 })
    const newer = session({ title: 'Newer', messages: [message()], updatedAt: 2_000 })
    await seed(older, newer)
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(Provider, { store }, children)
    const { result } = renderHook(() => useAiChat(), { wrapper })
    expect(result.current).toMatchObject({ ready: false, selectedModel: 'deepseek-chat' })
    await act(() => result.current.init())
    expect(result.current.sessions.map((s) => s.title)).toEqual(['Newer', 'Older'])
    expect(result.current.currentSession?.title).toBe('Newer')
    act(() => result.current.switchSession(older.id))
    expect(result.current.currentSessionId).toBe(older.id)
    expect(result.current.currentSession?.title).toBe('Older')
  })
})
