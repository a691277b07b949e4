import { act, render } from '@testing-library/react'
import { Provider, createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import { toastsAtom } from '@/lib/toast.ts'
import '@/lib/i18n.ts'
import { useWechatCallbackError } from './wechat-callback-error.ts'

function Probe() {
  useWechatCallbackError()
  return null
}

describe('useWechatCallbackError', () => {
  it('shows the failed WeChat round trip once and removes the parameter', async () => {
    window.history.replaceState(null, '', '/settings/account?wechatError=invalid_state&x=1')
    const store = createStore()
    await act(async () => {
      render(
        <Provider store={store}>
          <Probe />
        </Provider>,
      )
    })
    const toasts = store.get(toastsAtom)
    expect(toasts).toHaveLength(1)
    expect(toasts[0]?.type).toBe('error')
    expect(toasts[0]?.message).toMatch(/expired|过期/)
    expect(window.location.pathname + window.location.search).toBe('/settings/account?x=1')
  })

  it('does nothing without the parameter', async () => {
    window.history.replaceState(null, '', '/')
    const store = createStore()
    await act(async () => {
      render(
        <Provider store={store}>
          <Probe />
        </Provider>,
      )
    })
    expect(store.get(toastsAtom)).toHaveLength(0)
  })
})
