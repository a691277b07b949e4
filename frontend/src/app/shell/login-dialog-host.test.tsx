import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/toaster.tsx'
import { useSession } from '@/lib/session.ts'
import { stubApi } from '@/test/fetch.ts'
import { clearToastsAtom } from '@/lib/toast.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { LoginDialogHost } from './login-dialog-host.tsx'

const signedOut = { user: null, authUrl: null, wechatOpenId: null, hasUser: false }

/** The shell fetches the session once; this stands in for it. */
function SessionLoader() {
  useSession()
  return null
}

let cleanupToasts: (() => void) | undefined
afterEach(() => {
  cleanupToasts?.()
  cleanupToasts = undefined
})

function setup(signedOutReason: string | null) {
  stubApi({
    'GET /api/auth/token': () => ({
      body: { success: true, isAuthenticated: false, ...signedOut, signedOutReason },
    }),
  })
  const view = renderWithProviders(
    <>
      <SessionLoader />
      <LoginDialogHost />
      <Toaster />
    </>,
  )
  cleanupToasts = () => act(() => void view.store.set(clearToastsAtom))
  return view
}

describe('LoginDialogHost', () => {
  it('tells a browser signed out by an administrator disabling the account why', async () => {
    setup('account_disabled')
    expect(
      await screen.findByText(/your account has been disabled by an administrator/),
    ).toBeVisible()
  })

  it('says nothing to a browser that is simply signed out', () => {
    setup(null)
    expect(screen.queryByText(/disabled/)).toBeNull()
  })
})
