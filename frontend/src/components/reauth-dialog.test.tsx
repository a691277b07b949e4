import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { api, errorMessage } from '@/lib/api-client.ts'
import { useReauth } from '@/lib/reauth.ts'
import { sessionQueryKey, type SessionState } from '@/lib/session.ts'
import type { User } from '@/lib/user.ts'
import { stubApi, type StubResponse } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { ReauthDialog } from './reauth-dialog.tsx'

const lily: User = {
  id: 'u1',
  username: 'lily',
  nickname: 'Lily',
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null,
  wechatLinked: false,
  avatarThumbnailUrl: null,
  bio: null,
  appearance: { colorMode: null, language: null },
}

const ACTION = 'POST /api/account/phone/sendVerification'

const refused: StubResponse = {
  status: 403,
  body: {
    success: false,
    code: 'reauthentication_required',
    message: "Confirm it's you: enter your password (or a code sent to your phone) and try again.",
  },
}

const sent: StubResponse = {
  body: {
    success: true,
    message: 'Verification code sent',
    sentAt: new Date().toISOString(),
    resendAfterSecs: 60,
    expiresInSecs: 300,
  },
}

/** A feature's call that changes a sign-in method, run through `useReauth()`. */
function Probe() {
  const withReauth = useReauth()
  const [result, setResult] = useState('')
  const run = () =>
    withReauth(() =>
      api.post<{ message: string }>('/api/account/phone/sendVerification', {
        phonePrefix: '86',
        phoneNumber: '13900139000',
      }),
    ).then(
      (response) => setResult(`done: ${response.message}`),
      (error: unknown) => setResult(`failed: ${errorMessage(error)}`),
    )
  return (
    <>
      <button type="button" onClick={() => void run()}>
        Bind
      </button>
      <output>{result}</output>
    </>
  )
}

function setup(user: User, routes: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi(routes)
  const view = renderWithProviders(
    <>
      <Probe />
      <ReauthDialog />
    </>,
  )
  const session: SessionState = { user, authUrl: null, wechatOpenId: null, hasUser: false }
  act(() => view.queryClient.setQueryData(sessionQueryKey, session))
  return { ...view, fetchMock, person: userEvent.setup() }
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key)
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body)) as unknown

describe('Confirm it’s you', () => {
  it('asks for the password when the server wants proof, then runs the call again', async () => {
    let actionCalls = 0
    let reauthCalls = 0
    const { fetchMock, person } = setup(lily, {
      [ACTION]: () => (++actionCalls === 1 ? refused : sent),
      'POST /api/auth/reauthenticate': () =>
        ++reauthCalls === 1
          ? {
              status: 403,
              body: {
                success: false,
                code: 'wrong_password',
                message: 'The current password is wrong',
              },
            }
          : {
              body: {
                success: true,
                message: "Confirmed it's you",
                reauthenticatedUntil: '2026-11-23T18:10:00Z',
              },
            },
    })
    await person.click(screen.getByRole('button', { name: 'Bind' }))
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" })
    expect(dialog).toHaveTextContent('Changing how you sign in needs your password.')

    // Nothing typed: said so, nothing sent.
    await person.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(within(dialog).getByText('Enter your password')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/auth/reauthenticate')).toHaveLength(0)

    // A wrong password: the server's message under the field; the dialog stays.
    await person.type(within(dialog).getByLabelText('Password'), 'wrong-one')
    await person.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByText('The current password is wrong')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true')
    expect(actionCalls).toBe(1)

    await person.clear(within(dialog).getByLabelText('Password'))
    await person.type(within(dialog).getByLabelText('Password'), 'the-right-one')
    await person.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('done: Verification code sent')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bodyOf(callsTo(fetchMock, 'POST /api/auth/reauthenticate')[1])).toEqual({
      password: 'the-right-one',
    })
    // The refused call ran again, with the same body.
    expect(actionCalls).toBe(2)
    expect(bodyOf(callsTo(fetchMock, ACTION)[1])).toEqual(bodyOf(callsTo(fetchMock, ACTION)[0]))
  })

  it('lets an account without a password confirm with a code sent to its number', async () => {
    let actionCalls = 0
    const { fetchMock, person } = setup(
      { ...lily, hasPassword: false, phone: { prefix: '86', masked: '138****8000' } },
      {
        [ACTION]: () => (++actionCalls === 1 ? refused : sent),
        'POST /api/auth/reauthenticate/sendVerification': () => sent,
        'POST /api/auth/reauthenticate': () => ({
          body: {
            success: true,
            message: "Confirmed it's you",
            reauthenticatedUntil: '2026-11-23T18:10:00Z',
          },
        }),
      },
    )
    await person.click(screen.getByRole('button', { name: 'Bind' }))
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" })
    expect(dialog).toHaveTextContent(
      'Changing how you sign in needs a code sent to +86 138****8000.',
    )
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument()

    await person.click(within(dialog).getByRole('button', { name: 'Send code' }))
    expect(await within(dialog).findByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled()
    expect(callsTo(fetchMock, 'POST /api/auth/reauthenticate/sendVerification')).toHaveLength(1)

    await person.type(within(dialog).getByLabelText('Verification code'), '246810')
    await person.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('done: Verification code sent')).toBeInTheDocument()
    expect(bodyOf(callsTo(fetchMock, 'POST /api/auth/reauthenticate')[0])).toEqual({
      code: '246810',
    })
    expect(actionCalls).toBe(2)
  })

  it('cancelling keeps the refusal and sends nothing more', async () => {
    let actionCalls = 0
    const { fetchMock, person } = setup(lily, {
      [ACTION]: () => {
        actionCalls++
        return refused
      },
    })
    await person.click(screen.getByRole('button', { name: 'Bind' }))
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" })
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(
      await screen.findByText(
        "failed: Confirm it's you: enter your password (or a code sent to your phone) and try again.",
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(actionCalls).toBe(1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('tells a WeChat-only account to sign in again', async () => {
    const { person } = setup(
      { ...lily, hasPassword: false, wechatLinked: true },
      { [ACTION]: () => refused },
    )
    await person.click(screen.getByRole('button', { name: 'Bind' }))
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" })
    expect(dialog).toHaveTextContent('sign in again with WeChat')
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument()
    await person.click(within(dialog).getByRole('button', { name: 'OK' }))
    expect(await screen.findByText(/^failed: Confirm it's you/)).toBeInTheDocument()
  })

  it('lets any other refusal through without asking', async () => {
    const { person } = setup(lily, {
      [ACTION]: () => ({
        status: 429,
        body: { success: false, code: 'rate_limited', message: 'Too many attempts' },
      }),
    })
    await person.click(screen.getByRole('button', { name: 'Bind' }))
    expect(await screen.findByText('failed: Too many attempts')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
