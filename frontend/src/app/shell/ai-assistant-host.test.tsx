import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { act, screen, waitFor, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { aiModalOpenAtom } from '@/features/ai/open-state.ts'
import { i18n } from '@/lib/i18n.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { renderApp } from '@/test/render-app.tsx'
import { stubApi } from '@/test/fetch.ts'
import { AiAssistantHost } from './ai-assistant-host.tsx'

const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}
const models = {
  success: true,
  available: true,
  signInRequired: false,
  models: ['deepseek-chat', 'deepseek-reasoner'],
  defaultModel: 'deepseek-chat',
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory())
})

afterEach(async () => {
  // Let history traversals of closed modals finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('AiAssistantHost', () => {
  it('renders nothing while closed, and the lazily loaded modal while open', async () => {
    stubApi({
      'GET /api/auth/token': () => ({ body: signedOut }),
      'GET /api/ai/models': () => ({ body: models }),
    })
    const { store } = renderWithProviders(<AiAssistantHost />)
    expect(screen.queryByRole('dialog')).toBeNull()

    act(() => store.set(aiModalOpenAtom, true))
    const dialog = await screen.findByRole('dialog', { name: 'AI assistant' })
    // Its messages came with it.
    expect(i18n.hasLoadedNamespace('ai')).toBe(true)
    expect(
      await within(dialog).findByRole('textbox', { name: 'Message to the assistant' }),
    ).toHaveFocus()

    await act(async () => {
      within(dialog).getByRole('button', { name: 'Close' }).click()
    })
    expect(store.get(aiModalOpenAtom)).toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the modal in Chinese when the interface is Chinese', async () => {
    stubApi({
      'GET /api/auth/token': () => ({ body: signedOut }),
      'GET /api/ai/models': () => ({ body: models }),
    })
    const store = createStore()
    store.set(aiModalOpenAtom, true)
    await act(() => i18n.changeLanguage('zh'))
    try {
      renderWithProviders(
        <Provider store={store}>
          <AiAssistantHost />
        </Provider>,
      )
      const dialog = await screen.findByRole('dialog', { name: 'AI 助手' })
      expect(within(dialog).getByRole('button', { name: '关闭' })).toBeInTheDocument()
      expect(await within(dialog).findByText('有什么可以帮你？')).toBeInTheDocument()
    } finally {
      await act(() => i18n.changeLanguage('en'))
    }
  })
})

describe('the header’s AI assistant button', () => {
  it('opens the assistant on any page, and Escape closes it', async () => {
    const { user } = renderApp('/', {
      'GET /api/auth/token': () => ({ body: signedOut }),
      'GET /api/ai/models': () => ({ body: models }),
    })
    const banner = await screen.findByRole('banner')
    await user.click(within(banner).getByRole('button', { name: 'AI assistant' }))
    const dialog = await screen.findByRole('dialog', { name: 'AI assistant' })
    expect(await within(dialog).findByRole('heading', { name: 'How can I help?' })).toBeVisible()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(within(banner).getByRole('button', { name: 'AI assistant' })).toHaveFocus()
  })
})
