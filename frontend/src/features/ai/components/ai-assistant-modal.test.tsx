import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore } from 'jotai'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from '@/components/confirm-dialog.tsx'
import { Toaster } from '@/components/toaster.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import type { ModelsResponse } from '@/lib/api/types.ts'
import { useLoginDialog } from '@/lib/session.ts'
import { renderWithProviders } from '@/test/render.tsx'
import type { AiChatSession } from '../model.ts'
import { openChatStorage } from '../storage.ts'
import { aiChatDepsAtom, aiChatStateAtom } from '../store.ts'
import {
  controlledResponse,
  deltaEvent,
  DONE_EVENT,
  message,
  session,
  streamResponse,
} from '../test-fixtures.ts'
import { AiAssistantModal } from './ai-assistant-modal.tsx'
import { NARROW_QUERY } from '@/lib/media-query.ts'

type Store = ReturnType<typeof createStore>

/** `GET /api/ai/models` as a test answers it: any field may be missing (the client copes). */
type ModelsAnswer = Partial<Omit<ModelsResponse, 'success'>>

const SIGNED_IN_USER = {
  id: 'u1',
  username: 'lin',
  nickname: 'Lin',
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null,
  wechatLinked: false,
}

let chatAnswers: Array<() => Response>
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

/** The network: the models list, the session and the chat stream; nothing else is faked. */
function stubNetwork({
  models = {},
  signedIn = false,
}: {
  models?: ModelsAnswer
  signedIn?: boolean
}) {
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), location.href)
    const key = `${init?.method ?? 'GET'} ${url.pathname}`
    if (key === 'GET /api/ai/models') {
      return json({
        success: true,
        available: true,
        signInRequired: false,
        models: ['deepseek-chat', 'deepseek-reasoner'],
        defaultModel: 'deepseek-chat',
        ...models,
      })
    }
    if (key === 'GET /api/auth/token') {
      return json({
        success: true,
        isAuthenticated: signedIn,
        hasUser: false,
        user: signedIn ? SIGNED_IN_USER : null,
        wechatOpenId: null,
        authUrl: null,
      })
    }
    if (key === 'POST /api/ai/chat') {
      const next = chatAnswers.shift()
      if (!next) throw new Error('no chat answer configured')
      return next()
    }
    throw new Error(`unexpected ${key}`)
  })
  vi.stubGlobal('fetch', fetchMock)
}

/** The next chat request is answered with these events, then [DONE]. */
function answer(...events: string[]): void {
  chatAnswers.push(() => streamResponse([...events, DONE_EVENT]))
}

/** The next chat request streams what the test pushes. */
function answerByHand() {
  const stream = controlledResponse()
  chatAnswers.push(() => stream.response)
  // Inside act, until the store has read the chunk and React has rendered it.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return {
    push: (event: string) =>
      act(async () => {
        stream.push(event)
        await settle()
      }),
    finish: () =>
      act(async () => {
        stream.push(DONE_EVENT)
        stream.close()
        await settle()
      }),
  }
}

function chatRequests(): Array<{
  model: string
  messages: Array<{ role: string; content: string }>
}> {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith('/api/ai/chat'))
    .map(([, init]) => JSON.parse(String(init?.body)))
}

function stubNarrowScreen(narrow: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query === NARROW_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }))
}

/** Puts sessions into the browser database, as an earlier visit would have. */
async function seed(...sessions: AiChatSession[]): Promise<void> {
  const { storage } = await openChatStorage()
  await storage.saveMany(sessions)
}

function LoginProbe() {
  const { open } = useLoginDialog()
  return <output aria-label="login dialog">{open ? 'open' : 'closed'}</output>
}

interface SetupOptions {
  models?: ModelsAnswer
  signedIn?: boolean
  narrow?: boolean
}

async function setup({ models, signedIn = false, narrow = false }: SetupOptions = {}) {
  stubNetwork({ models, signedIn })
  stubNarrowScreen(narrow)
  const onClose = vi.fn()
  const user = userEvent.setup()
  const view = renderWithProviders(
    <>
      <AiAssistantModal onClose={onClose} />
      <ConfirmDialog />
      <Toaster />
      <LoginProbe />
    </>,
  )
  const store: Store = view.store
  // The store's clock, so response times are known.
  const clock = { now: 1_700_000_000_000 }
  store.set(aiChatDepsAtom, { ...store.get(aiChatDepsAtom), now: () => clock.now })
  const dialog = await screen.findByRole('dialog', { name: 'AI assistant' })
  // Ready once the store has opened (the fresh session is in the list).
  await within(dialog).findByRole('list', { name: 'Conversations' })
  const textarea = within(dialog).getByRole<HTMLTextAreaElement>('textbox', {
    name: 'Message to the assistant',
  })
  return { ...view, store, clock, onClose, user, dialog, textarea }
}

/** The conversation's messages (titles also show in the list and the sub-header). */
const messageList = () => within(screen.getByRole('list', { name: 'Messages' }))
/** An answer once rendered as Markdown (the renderer is a lazy chunk with a plain fallback). */
const findAnswer = (text: string) => screen.findByText(text, { selector: '.md *' })
const sendButton = () => screen.getByRole('button', { name: /^(Send|Answering…)$/ })
const chatState = (store: Store) => store.get(aiChatStateAtom)

beforeAll(async () => {
  await loadNamespace('ai')
})

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory())
  chatAnswers = []
})

describe('AI assistant modal: opening and closing (spec §2.5)', () => {
  it('opens on an empty chat with the input focused and an example prompt', async () => {
    const { textarea, user } = await setup()
    expect(textarea).toHaveFocus()
    expect(screen.getByRole('heading', { name: 'How can I help?' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: /For example/ }))
    expect(textarea).toHaveValue(
      'Explain the difference between a process and a thread, with an example.',
    )
    expect(textarea).toHaveFocus()
  })

  it('Escape closes it', async () => {
    const { onClose, user } = await setup()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('the close button closes it', async () => {
    const { onClose, user, dialog } = await setup()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('has the spec size: 80vh on phones, 85vh up to 600 px on larger screens', async () => {
    const { dialog } = await setup()
    expect(dialog).toHaveClass('h-[80vh]', 'md:h-[85vh]', 'md:max-h-[600px]')
  })

  it('runs the store’s open step: an unused fresh session from before goes, and none is added while others remain', async () => {
    await seed(
      session({ title: '新会话 4', messages: [], updatedAt: 5_000 }),
      session({ title: 'Trip to Hangzhou', messages: [message()], updatedAt: 4_000 }),
    )
    const { store } = await setup()
    const titles = chatState(store).sessions.map((s) => s.title)
    expect(titles).toEqual(['Trip to Hangzhou'])
    expect(chatState(store).currentSessionId).toBeNull()
    const list = screen.getByRole('list', { name: 'Conversations' })
    expect(within(list).getByText('Trip to Hangzhou')).toBeVisible()
  })
})

describe('AI assistant modal: input (spec §2.5, §5)', () => {
  it('Enter sends the trimmed text and clears the input', async () => {
    const { textarea, user } = await setup()
    answer(deltaEvent({ content: 'Hi there' }))
    await user.type(textarea, '  Hello  {Enter}')
    expect(await findAnswer('Hi there')).toBeVisible()
    expect(chatRequests()).toHaveLength(1)
    expect(chatRequests()[0]?.messages).toEqual([{ role: 'user', content: 'Hello' }])
    expect(textarea).toHaveValue('')
    expect(messageList().getByText('Hello')).toBeVisible()
  })

  it('Shift+Enter inserts a new line instead of sending', async () => {
    const { textarea, user } = await setup()
    await user.type(textarea, 'line one{Shift>}{Enter}{/Shift}line two')
    expect(textarea).toHaveValue('line one\nline two')
    expect(chatRequests()).toHaveLength(0)
  })

  it('Enter that confirms an IME composition does not send', async () => {
    const { textarea, user } = await setup()
    await user.type(textarea, 'nihao')
    fireEvent.keyDown(textarea, { key: 'Enter', isComposing: true })
    fireEvent.keyDown(textarea, { key: 'Enter', keyCode: 229 })
    expect(chatRequests()).toHaveLength(0)
    expect(textarea).toHaveValue('nihao')
  })

  it('ignores empty or whitespace-only input', async () => {
    const { textarea, user } = await setup()
    await user.type(textarea, '{Enter}')
    await user.type(textarea, '   {Enter}')
    expect(chatRequests()).toHaveLength(0)
    expect(sendButton()).toBeDisabled()
  })

  it('the phone’s new-line button breaks the line at the caret', async () => {
    const { textarea, user } = await setup({ narrow: true })
    await user.type(textarea, 'ab')
    textarea.setSelectionRange(1, 1)
    await user.click(screen.getByRole('button', { name: 'New line' }))
    expect(textarea).toHaveValue('a\nb')
    expect(chatRequests()).toHaveLength(0)
  })

  it('the textarea grows with its text, up to 128 px', async () => {
    const { textarea, user } = await setup()
    let contentHeight = 60
    Object.defineProperty(textarea, 'scrollHeight', {
      configurable: true,
      get: () => contentHeight,
    })
    await user.type(textarea, 'a')
    expect(textarea.style.height).toBe('60px')
    expect(textarea.style.overflowY).toBe('hidden')
    contentHeight = 300
    await user.type(textarea, 'b')
    expect(textarea.style.height).toBe('128px')
    expect(textarea.style.overflowY).toBe('auto')
    contentHeight = 128
    await user.type(textarea, 'c')
    expect(textarea.style.height).toBe('128px')
    expect(textarea.style.overflowY).toBe('hidden')
  })

  it('while an answer streams the send button spins and a stop button ends the stream, keeping what arrived', async () => {
    const { textarea, user, store } = await setup()
    const stream = answerByHand()
    await user.type(textarea, 'Tell me a story{Enter}')
    await waitFor(() => expect(sendButton()).toHaveAttribute('aria-busy', 'true'))
    expect(sendButton()).toBeDisabled()
    expect(sendButton().querySelector('.animate-spin')).not.toBeNull()
    await stream.push(deltaEvent({ content: 'Once upon a time' }))
    expect(await findAnswer('Once upon a time')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Stop answering' }))
    await waitFor(() => expect(chatState(store).isLoading).toBe(false))
    expect(screen.queryByRole('button', { name: 'Stop answering' })).toBeNull()
    expect(sendButton()).not.toHaveAttribute('aria-busy')
    expect(screen.getByText('Once upon a time')).toBeVisible()
    expect(chatState(store).sessions[0]?.messages.map((m) => m.content)).toEqual([
      'Tell me a story',
      'Once upon a time',
    ])
  })

  it('sends nothing and says so when the assistant is not configured on the server', async () => {
    const { textarea } = await setup({ models: { available: false } })
    expect(
      await screen.findByText(/The AI assistant is not configured on this server/),
    ).toBeVisible()
    await waitFor(() => expect(textarea).toBeDisabled())
    expect(sendButton()).toBeDisabled()
  })

  it('asks a signed-out visitor to log in when the server requires it', async () => {
    const { textarea, user } = await setup({ models: { signInRequired: true } })
    expect(await screen.findByText('Log in to chat with the AI assistant.')).toBeVisible()
    expect(textarea).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    // The stand-in for the login dialog lies outside the modal, hidden behind it.
    expect(screen.getByLabelText('login dialog')).toHaveTextContent('open')
  })

  it('lets a signed-in user chat when the server requires a sign-in', async () => {
    const { textarea } = await setup({ models: { signInRequired: true }, signedIn: true })
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining('/api/auth/token'),
        expect.anything(),
      ),
    )
    await waitFor(() => expect(textarea).toBeEnabled())
    expect(screen.queryByText('Log in to chat with the AI assistant.')).toBeNull()
  })
})

describe('AI assistant modal: messages (spec §2.5, §4.5)', () => {
  it('shows bouncing dots until the first content, and the reasoning panel while reasoning streams', async () => {
    const { textarea, user, clock } = await setup()
    const stream = answerByHand()
    await user.type(textarea, 'Why is the sky blue?{Enter}')
    const dots = await screen.findByRole('status', { name: '' })
    expect(dots).toHaveTextContent('The assistant is thinking…')

    await stream.push(deltaEvent({ reasoning: 'Rayleigh scattering…' }))
    const toggle = await screen.findByRole('button', { name: 'Reasoning…' })
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('Rayleigh scattering…')).toBeVisible()
    expect(screen.getByText('The assistant is thinking…')).toBeInTheDocument()

    await stream.push(deltaEvent({ content: 'Because of scattering.' }))
    expect(await findAnswer('Because of scattering.')).toBeVisible()
    expect(screen.queryByText('The assistant is thinking…')).toBeNull()
    clock.now += 1234
    await stream.finish()

    // Once the answer is there the reasoning folds; it opens and closes on demand.
    const folded = await screen.findByRole('button', { name: 'Reasoning' })
    expect(folded).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByText('Rayleigh scattering…')).not.toBeVisible()
    await user.click(folded)
    expect(folded).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('Rayleigh scattering…')).toBeVisible()
    await user.click(folded)
    expect(folded).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByText('Rayleigh scattering…')).not.toBeVisible()

    // Response time (spec §4.5: seconds with one decimal from 1000 ms).
    expect(screen.getByText('1.2s')).toBeVisible()
  })

  it('shows times as hour:minute and the model that answered', async () => {
    const { textarea, user, clock } = await setup()
    clock.now = new Date(2026, 0, 5, 9, 7).getTime()
    answer(deltaEvent({ content: 'ok' }))
    await user.type(textarea, 'time?{Enter}')
    await findAnswer('ok')
    const times = screen.getAllByText(/^0?9:07/)
    expect(times.length).toBeGreaterThanOrEqual(2)
    expect(screen.getAllByText('DeepSeek Chat').length).toBeGreaterThanOrEqual(1)
    expect(screen.getByText('0ms')).toBeVisible()
  })

  it('renders answers as Markdown and user messages as plain text', async () => {
    const { textarea, user } = await setup()
    answer(deltaEvent({ content: 'Use **bold** and <b>raw</b>' }))
    await user.type(textarea, 'Show *markdown*{Enter}')
    const strong = await screen.findByText('bold', { selector: 'strong' })
    expect(strong).toBeVisible()
    expect(screen.getByText(/<b>raw<\/b>/)).toBeVisible()
    expect(messageList().getByText('Show *markdown*')).toBeVisible()
  })

  it('styles a failed reply as an error, in the interface language', async () => {
    const { textarea, user } = await setup()
    chatAnswers.push(() => json({ success: false, message: 'Upstream down', code: 'x' }, 502))
    await user.type(textarea, 'hello{Enter}')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to send the message: Upstream down')
    expect(alert).toHaveClass('text-error')
  })

  it('copies a message to the clipboard and says so', async () => {
    const { textarea, user } = await setup()
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    answer(deltaEvent({ content: 'Copy me' }))
    await user.type(textarea, 'q{Enter}')
    await findAnswer('Copy me')
    const copies = screen.getAllByRole('button', { name: 'Copy message' })
    await user.click(copies.at(-1) as HTMLElement)
    expect(writeText).toHaveBeenCalledWith('Copy me')
    expect(await screen.findByText('Copied')).toBeVisible()
  })

  it('regenerates the last answer', async () => {
    const { textarea, user, store } = await setup()
    answer(deltaEvent({ content: 'First answer' }))
    await user.type(textarea, 'Question{Enter}')
    await findAnswer('First answer')
    answer(deltaEvent({ content: 'Second answer' }))
    await user.click(screen.getByRole('button', { name: 'Regenerate answer' }))
    expect(await findAnswer('Second answer')).toBeVisible()
    expect(screen.queryByText('First answer')).toBeNull()
    expect(chatRequests()[1]?.messages).toEqual([{ role: 'user', content: 'Question' }])
    expect(chatState(store).sessions[0]?.messages).toHaveLength(2)
  })

  it('sends with the model chosen in the picker, whose options say what each is for', async () => {
    const { textarea, user } = await setup()
    await user.click(screen.getByRole('button', { name: 'Model: DeepSeek Chat' }))
    const menu = screen.getByRole('menu', { name: 'Choose a model' })
    expect(within(menu).getByText('General chat and information lookup')).toBeVisible()
    expect(within(menu).getByText('Complex reasoning and problem solving')).toBeVisible()
    await user.click(within(menu).getByRole('menuitemradio', { name: /DeepSeek Reasoner/ }))
    expect(screen.getByRole('button', { name: 'Model: DeepSeek Reasoner' })).toBeVisible()
    answer(deltaEvent({ content: 'thinking hard' }))
    await user.type(textarea, 'Prove it{Enter}')
    await findAnswer('thinking hard')
    expect(chatRequests()[0]?.model).toBe('deepseek-reasoner')
  })

  it('falls back to the server’s default model when the chosen one is not offered', async () => {
    const { store } = await setup({ models: { models: ['qwen2.5'], defaultModel: 'qwen2.5' } })
    await waitFor(() => expect(chatState(store).selectedModel).toBe('qwen2.5'))
    expect(screen.getByRole('button', { name: 'Model: Qwen2.5' })).toBeVisible()
  })
})

describe('AI assistant modal: scrolling (spec §4.5)', () => {
  /** jsdom does no layout: the scroll container gets a fixed geometry and a live scrollTop. */
  function geometry(element: HTMLElement, { height = 400, content = 1000 } = {}) {
    const box = { top: 0, content }
    Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => height })
    Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => box.content })
    Object.defineProperty(element, 'scrollTop', {
      configurable: true,
      get: () => box.top,
      set: (value: number) => {
        box.top = Math.max(0, Math.min(value, box.content - height))
      },
    })
    return box
  }

  it('opens at the bottom of the conversation', async () => {
    await seed(
      session({
        title: 'Long chat',
        messages: Array.from({ length: 30 }, (_, index) =>
          message({ content: `line ${index}`, isUser: index % 2 === 0 }),
        ),
      }),
    )
    // Geometry for the scroll container before it mounts: 3000 px of content in a 400 px box.
    const tops = new WeakMap<Element, number>()
    const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')
    const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')
    const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')
    const isList = (element: Element) => element.getAttribute('data-testid') === 'ai-messages'
    Object.defineProperties(Element.prototype, {
      scrollHeight: {
        configurable: true,
        get() {
          return isList(this) ? 3000 : 0
        },
      },
      clientHeight: {
        configurable: true,
        get() {
          return isList(this) ? 400 : 0
        },
      },
      scrollTop: {
        configurable: true,
        get() {
          return tops.get(this) ?? 0
        },
        set(value: number) {
          tops.set(this, Math.min(value, 2600))
        },
      },
    })
    try {
      await setup()
      expect(screen.getByTestId('ai-messages').scrollTop).toBe(2600)
    } finally {
      Object.defineProperties(Element.prototype, {
        scrollTop: scrollTop ?? {},
        scrollHeight: scrollHeight ?? {},
        clientHeight: clientHeight ?? {},
      })
    }
  })

  it('follows new content unless the user scrolled up more than 10 px', async () => {
    const { textarea, user } = await setup()
    const stream = answerByHand()
    await user.type(textarea, 'Long answer please{Enter}')
    await stream.push(deltaEvent({ content: 'Part one.' }))
    const messages = screen.getByTestId('ai-messages')
    const box = geometry(messages)

    box.content = 1200
    await stream.push(deltaEvent({ content: ' Part two.' }))
    expect(box.top).toBe(800)

    // 10 px up still follows.
    box.top = 790
    fireEvent.scroll(messages)
    box.content = 1300
    await stream.push(deltaEvent({ content: ' Part three.' }))
    expect(box.top).toBe(900)

    // 11 px up: the user is reading, the view stays.
    box.top = 889
    fireEvent.scroll(messages)
    box.content = 1500
    await stream.push(deltaEvent({ content: ' Part four.' }))
    expect(box.top).toBe(889)

    // Back at the bottom it follows again.
    box.top = 1100
    fireEvent.scroll(messages)
    box.content = 1600
    await stream.push(deltaEvent({ content: ' Part five.' }))
    expect(box.top).toBe(1200)
    await stream.finish()

    // Scrolled up, a message the user sends brings the view back down.
    box.top = 100
    fireEvent.scroll(messages)
    box.content = 1700
    answer(deltaEvent({ content: 'Short.' }))
    await user.type(textarea, 'And then?{Enter}')
    await findAnswer('Short.')
    expect(box.top).toBe(1300)
  })
})

describe('AI assistant modal: conversation list (spec §2.5)', () => {
  it('is a slide-over on phones, opened by the history button', async () => {
    const { user } = await setup({ narrow: true })
    const history = screen.getByRole('button', { name: 'Show conversations' })
    const panel = screen.getByRole('complementary', { name: 'Conversations' })
    expect(panel).toHaveAttribute('data-state', 'closed')
    expect(panel).toHaveAttribute('inert')
    await user.click(history)
    expect(panel).toHaveAttribute('data-state', 'open')
    expect(panel).not.toHaveAttribute('inert')
    expect(history).toHaveAttribute('aria-expanded', 'true')
    expect(within(panel).getByRole('button', { name: 'New chat' })).toHaveFocus()
    // Escape folds the panel first, and only then closes the modal.
    await user.keyboard('{Escape}')
    expect(panel).toHaveAttribute('data-state', 'closed')
  })

  it('is always there from medium width', async () => {
    await setup({ narrow: false })
    const panel = screen.getByRole('complementary', { name: 'Conversations' })
    expect(panel).not.toHaveAttribute('inert')
    expect(within(panel).getByRole('button', { name: 'New chat' })).toBeVisible()
  })

  describe('pulling down at the top of the messages', () => {
    function pull(element: HTMLElement, distance: number, via: 'touch' | 'mouse' = 'touch') {
      if (via === 'touch') {
        fireEvent.touchStart(element, { touches: [{ clientY: 100 }] })
        fireEvent.touchMove(element, { touches: [{ clientY: 100 + distance / 2 }] })
        fireEvent.touchMove(element, { touches: [{ clientY: 100 + distance }] })
        fireEvent.touchEnd(element, { touches: [], changedTouches: [{ clientY: 100 + distance }] })
      } else {
        fireEvent.pointerDown(element, { pointerType: 'mouse', button: 0, clientY: 100 })
        fireEvent.pointerMove(element, { pointerType: 'mouse', clientY: 100 + distance })
        fireEvent.pointerUp(element, { pointerType: 'mouse', clientY: 100 + distance })
      }
    }

    it('more than 50 px opens the conversation list', async () => {
      await setup({ narrow: true })
      const panel = screen.getByRole('complementary', { name: 'Conversations' })
      pull(screen.getByTestId('ai-messages'), 51)
      expect(panel).toHaveAttribute('data-state', 'open')
    })

    it('50 px or less does not', async () => {
      await setup({ narrow: true })
      const panel = screen.getByRole('complementary', { name: 'Conversations' })
      pull(screen.getByTestId('ai-messages'), 50)
      expect(panel).toHaveAttribute('data-state', 'closed')
      pull(screen.getByTestId('ai-messages'), 30, 'mouse')
      expect(panel).toHaveAttribute('data-state', 'closed')
    })

    it('works with a mouse or pen too', async () => {
      await setup({ narrow: true })
      const panel = screen.getByRole('complementary', { name: 'Conversations' })
      pull(screen.getByTestId('ai-messages'), 80, 'mouse')
      expect(panel).toHaveAttribute('data-state', 'open')
    })

    it('only when the messages are scrolled to the top', async () => {
      await setup({ narrow: true })
      const messages = screen.getByTestId('ai-messages')
      Object.defineProperty(messages, 'scrollTop', {
        configurable: true,
        get: () => 20,
        set: () => {},
      })
      pull(messages, 120)
      expect(screen.getByRole('complementary', { name: 'Conversations' })).toHaveAttribute(
        'data-state',
        'closed',
      )
    })

    it('does nothing on larger screens, where the list is always visible', async () => {
      await setup({ narrow: false })
      pull(screen.getByTestId('ai-messages'), 120)
      expect(screen.getByRole('complementary', { name: 'Conversations' })).toHaveAttribute(
        'data-state',
        'closed',
      )
    })
  })

  it('the phone sub-header shows the title, message count, model, new chat, and clear only with messages', async () => {
    const { textarea, user } = await setup({ narrow: true })
    const section = screen.getByRole('region', { name: 'New chat 1' })
    expect(within(section).getByText('0 messages · DeepSeek Chat')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Clear this conversation' })).toBeNull()
    answer(deltaEvent({ content: 'Sure' }))
    await user.type(textarea, 'Plan a trip{Enter}')
    await findAnswer('Sure')
    const renamed = screen.getByRole('region', { name: 'Plan a trip' })
    expect(within(renamed).getByText('2 messages · DeepSeek Chat')).toBeInTheDocument()
    expect(
      within(renamed).getAllByRole('button', { name: 'Clear this conversation' }).length,
    ).toBeGreaterThan(0)
  })

  it('opens on the latest conversation, switches between them and starts new ones', async () => {
    await seed(
      session({
        title: 'Older chat',
        updatedAt: 1_000,
        messages: [message({ content: 'old question' })],
      }),
    )
    const { user, textarea } = await setup()
    const list = screen.getByRole('list', { name: 'Conversations' })
    expect(messageList().getByText('old question')).toBeVisible()
    expect(within(list).getByRole('button', { name: /^Older chat/ })).toHaveAttribute(
      'aria-current',
      'true',
    )

    const sidebar = screen.getByRole('complementary', { name: 'Conversations' })
    await user.click(within(sidebar).getByRole('button', { name: 'New chat' }))
    expect(await screen.findByRole('heading', { name: 'How can I help?' })).toBeVisible()
    answer(deltaEvent({ content: 'answer' }))
    await user.type(textarea, 'Newer chat{Enter}')
    await findAnswer('answer')
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)

    await user.click(within(list).getByRole('button', { name: /^Older chat/ }))
    expect(messageList().getByText('old question')).toBeVisible()
    expect(messageList().queryByText('Newer chat')).toBeNull()
    await user.click(within(list).getByRole('button', { name: /^Newer chat/ }))
    expect(messageList().getByText('Newer chat')).toBeVisible()
    expect(within(list).getByRole('button', { name: /^Newer chat/ })).toHaveAttribute(
      'aria-current',
      'true',
    )
  })

  it('renames a conversation with the trimmed title; a blank title changes nothing', async () => {
    const { user, store } = await setup()
    const list = screen.getByRole('list', { name: 'Conversations' })
    await user.click(within(list).getByRole('button', { name: 'Rename “New chat 1”' }))
    let dialog = screen.getByRole('dialog', { name: 'Rename conversation' })
    const input = within(dialog).getByRole('textbox', { name: 'Title' })
    expect(input).toHaveValue('New chat 1')
    await user.clear(input)
    await user.type(input, '   ')
    const save = within(dialog).getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    await user.type(input, '{Enter}')
    expect(screen.getByRole('dialog', { name: 'Rename conversation' })).toBeVisible()
    expect(chatState(store).sessions[0]?.title).toBe('新会话 1')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog', { name: 'Rename conversation' })).toBeNull()
    expect(chatState(store).sessions[0]?.title).toBe('新会话 1')

    await user.click(within(list).getByRole('button', { name: 'Rename “New chat 1”' }))
    dialog = screen.getByRole('dialog', { name: 'Rename conversation' })
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Recipes  ')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(screen.queryByRole('dialog', { name: 'Rename conversation' })).toBeNull()
    await waitFor(() => expect(chatState(store).sessions[0]?.title).toBe('Recipes'))
    expect(within(list).getByText('Recipes')).toBeVisible()
  })

  it('asks before deleting a conversation', async () => {
    await seed(session({ title: 'Keep me', messages: [message()], updatedAt: 2_000 }))
    await seed(session({ title: 'Delete me', messages: [message()], updatedAt: 3_000 }))
    const { user, store } = await setup()
    const list = screen.getByRole('list', { name: 'Conversations' })
    await user.click(within(list).getByRole('button', { name: 'Delete “Delete me”' }))
    const confirm = screen.getByRole('alertdialog', {
      name: 'Are you sure you want to delete this session?',
    })
    expect(within(list).getByText('Delete me')).toBeVisible()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(within(list).getByText('Delete me')).toBeVisible()

    await user.click(within(list).getByRole('button', { name: 'Delete “Delete me”' }))
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(within(list).queryByText('Delete me')).toBeNull())
    expect(chatState(store).sessions.map((s) => s.title)).toContain('Keep me')
  })

  it('asks before clearing all history', async () => {
    await seed(session({ title: 'One', messages: [message()] }))
    await seed(session({ title: 'Two', messages: [message()] }))
    const { user, store } = await setup()
    await user.click(screen.getByRole('button', { name: 'Clear all history' }))
    const confirm = screen.getByRole('alertdialog', {
      name: 'Are you sure you want to clear all chat history?',
    })
    expect(chatState(store).sessions).toHaveLength(2)
    await user.click(within(confirm).getByRole('button', { name: 'Clear all' }))
    await waitFor(() => expect(chatState(store).sessions.map((s) => s.title)).toEqual(['新会话 1']))
  })

  it('asks before clearing the current conversation', async () => {
    const { user, textarea, store } = await setup()
    answer(deltaEvent({ content: 'reply' }))
    await user.type(textarea, 'to be cleared{Enter}')
    await findAnswer('reply')
    await user.click(
      screen.getAllByRole('button', { name: 'Clear this conversation' })[0] as HTMLElement,
    )
    const confirm = screen.getByRole('alertdialog', {
      name: 'Are you sure you want to clear this conversation?',
    })
    expect(screen.getByText('reply')).toBeVisible()
    await user.click(within(confirm).getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(screen.queryByText('reply')).toBeNull())
    expect(chatState(store).sessions[0]?.messages).toEqual([])
  })

  it('exports all conversations as a dated JSON file', async () => {
    const { user } = await setup()
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:chats')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    let downloaded: { name: string; href: string } | null = null
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = { name: this.download, href: this.href }
    })
    await user.click(screen.getByRole('button', { name: 'Export' }))
    expect(click).toHaveBeenCalledOnce()
    const today = new Date()
    const stamp = `${today.getFullYear()}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`
    expect(downloaded).toEqual({ name: `courtyard-ai-chats-${stamp}.json`, href: 'blob:chats' })
    const blob = createObjectURL.mock.calls[0]?.[0]
    const data = JSON.parse(await (blob as Blob).text()) as { sessions: unknown[] }
    expect(data.sessions).toHaveLength(1)
  })

  it('imports conversations from a file and reports the count or the error', async () => {
    const { user } = await setup()
    const input = screen.getByLabelText('Conversations file to import')
    const file = new File(
      [
        JSON.stringify({
          format: 'courtyard-ai-chat',
          version: 1,
          exportedAt: new Date().toISOString(),
          sessions: [session({ title: 'Imported chat', messages: [message()] })],
        }),
      ],
      'chats.json',
      { type: 'application/json' },
    )
    await user.upload(input, file)
    expect(await screen.findByText('Imported 1 conversation')).toBeVisible()
    const list = screen.getByRole('list', { name: 'Conversations' })
    expect(within(list).getByText('Imported chat')).toBeVisible()

    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await user.upload(input, new File(['not json'], 'bad.json', { type: 'application/json' }))
    expect(
      await screen.findByText('This file is not an export of AI assistant conversations.'),
    ).toBeVisible()
  })

  it('says when this browser cannot keep conversations', async () => {
    vi.stubGlobal('indexedDB', undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await setup()
    expect(await screen.findByText(/This browser cannot save conversations/)).toBeVisible()
  })
})
