import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { stubFetch } from '@/test/fetch.ts'
import { fetchAiModels, useAiModels } from './list-models.ts'

describe('GET /api/ai/models', () => {
  function renderModels() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children)
    return renderHook(() => useAiModels(), { wrapper })
  }

  it('reads availability, sign-in requirement, models and the default model', async () => {
    const fetchMock = stubFetch({
      body: {
        success: true,
        available: true,
        signInRequired: true,
        models: ['qwen', 'llama3'],
        defaultModel: 'llama3',
      },
    })
    await expect(fetchAiModels()).resolves.toEqual({
      available: true,
      signInRequired: true,
      models: ['qwen', 'llama3'],
      defaultModel: 'llama3',
    })
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/ai/models')
  })

  it("useAiModels offers the server's models", async () => {
    stubFetch({
      body: {
        success: true,
        available: false,
        signInRequired: false,
        models: [],
        defaultModel: 'x',
      },
    })
    const { result } = renderModels()
    await waitFor(() => expect(result.current.isPending).toBe(false))
    expect(result.current).toMatchObject({ available: false, models: [], defaultModel: 'x' })
  })

  it('useAiModels falls back to deepseek-chat and deepseek-reasoner when the call fails', async () => {
    stubFetch({ status: 404, body: { success: false, message: 'not found' } })
    const { result } = renderModels()
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current).toMatchObject({
      available: true,
      models: ['deepseek-chat', 'deepseek-reasoner'],
      defaultModel: 'deepseek-chat',
    })
  })
})
