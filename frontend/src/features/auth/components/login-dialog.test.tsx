import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/toaster.tsx'
import { sessionQueryKey, type SessionState } from '@/lib/session.ts'
import { clearToastsAtom } from '@/lib/toast.ts'
import { stubApi } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { LoginDialog } from './login-dialog.tsx'

// Spec §9.
const ERROR_SHAKE_MS = 600
const LOGIN_CLOSE_DELAY_MS = 500
const MODE_SWITCH_SUBMIT_BLOCK_MS = 200

const lily = {
  id: 'u1',
  username: 'lily',
  nickname: 'Lily',
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
}

function Harness() {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button onClick={() => setOpen(true)}>Open login</button>
      <LoginDialog open={open} onClose={() => setOpen(false)} />
      <Toaster />
    </>
  )
}

function setup() {
  const view = renderWithProviders(<Harness />)
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  return { ...view, user }
}

const usernameField = () => screen.getByLabelText('Username')
const passwordField = () => screen.getByLabelText('Password')
const submitButton = () => screen.getByRole('button', { name: 'Log in' })
const dialog = () => screen.queryByRole('dialog', { name: 'Log in to Courtyard' })

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})

afterEach(async () => {
  vi.useRealTimers()
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('<LoginDialog> (spec §2.3)', () => {
  it('asks to fill all fields and sends nothing when one is empty', async () => {
    const fetchMock = stubApi({})
    const { user } = setup()
    await user.type(usernameField(), 'lily')
    await user.click(submitButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields')
    await user.clear(usernameField())
    await user.type(passwordField(), 'secret-pass')
    await user.click(submitButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shakes the error box for 600 ms', async () => {
    const { user } = setup()
    await user.click(submitButton())
    const alert = screen.getByRole('alert')
    expect(alert).toHaveClass('animate-shake')
    act(() => void vi.advanceTimersByTime(ERROR_SHAKE_MS - 50))
    expect(alert).toHaveClass('animate-shake')
    act(() => void vi.advanceTimersByTime(50))
    expect(screen.getByRole('alert')).not.toHaveClass('animate-shake')
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields')
  })

  it("shows the server's message when login fails", async () => {
    stubApi({
      'POST /api/auth/username/login': () => ({
        status: 401,
        body: { success: false, code: 'invalid_credentials', message: '用户名或密码错误' },
      }),
    })
    const { user } = setup()
    await user.type(usernameField(), 'lily')
    await user.type(passwordField(), 'wrong-password')
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误')
    expect(screen.getByRole('alert')).toHaveClass('animate-shake')
  })

  it('falls back to "Login failed" when the answer has no user and no message', async () => {
    stubApi({ 'POST /api/auth/username/login': () => ({ body: { success: false } }) })
    const { user } = setup()
    await user.type(usernameField(), 'lily')
    await user.type(passwordField(), 'password1')
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed')
  })

  it('logs in, closes about 500 ms later and shows a success toast', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/username/login': () => ({
        body: { success: true, user: lily, message: 'ok' },
      }),
    })
    const { user, queryClient, store } = setup()
    await user.type(usernameField(), '  lily ')
    await user.type(passwordField(), 'password1')
    await user.click(submitButton())
    await screen.findByRole('button', { name: 'Logged in' })
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      username: 'lily',
      password: 'password1',
    })
    expect(queryClient.getQueryData<SessionState>(sessionQueryKey)?.user).toEqual(lily)
    expect(dialog()).toBeInTheDocument()

    act(() => void vi.advanceTimersByTime(LOGIN_CLOSE_DELAY_MS))
    expect(dialog()).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back, Lily!')
    act(() => void store.set(clearToastsAtom))
  })

  it('Escape and the close button reset every field and the view', async () => {
    const { user } = setup()
    await user.type(usernameField(), 'lily')
    await user.type(passwordField(), 'secret')
    await user.click(submitButton())
    await user.keyboard('{Escape}')
    expect(dialog()).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Open login' }))
    expect(usernameField()).toHaveValue('')
    expect(passwordField()).toHaveValue('')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Create an account' }))
    await user.type(screen.getByLabelText('Username'), 'newbie')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.click(screen.getByRole('button', { name: 'Open login' }))
    expect(dialog()).toBeInTheDocument()
    expect(usernameField()).toHaveValue('')
  })

  it('blocks submitting for 200 ms after switching mode', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/username/login': () => ({ status: 401, body: { message: 'nope' } }),
    })
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Create an account' }))
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    fireEvent.change(usernameField(), { target: { value: 'lily' } })
    fireEvent.change(passwordField(), { target: { value: 'password1' } })
    fireEvent.submit(submitButton())
    await act(async () => vi.advanceTimersByTimeAsync(0))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await act(async () => vi.advanceTimersByTimeAsync(MODE_SWITCH_SUBMIT_BLOCK_MS))
    fireEvent.submit(submitButton())
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
  })

  it('offers registration but no "other login methods" while username login is the only mode', () => {
    setup()
    expect(screen.queryByText('Other login methods')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeInTheDocument()
  })
})

describe('registration in the dialog', () => {
  async function openRegistration() {
    const view = setup()
    await view.user.click(screen.getByRole('button', { name: 'Create an account' }))
    await act(async () => vi.advanceTimersByTimeAsync(MODE_SWITCH_SUBMIT_BLOCK_MS))
    return view
  }

  it('checks the server rules before sending', async () => {
    const fetchMock = stubApi({})
    const { user } = await openRegistration()
    await user.type(screen.getByLabelText('Username'), 'no spaces!')
    await user.type(screen.getByLabelText('Nickname (optional)'), 'x'.repeat(33))
    await user.type(screen.getByLabelText('Password'), 'short')
    await user.type(screen.getByLabelText('Confirm password'), 'other')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByText('Use 3–32 letters, digits, _ or -')).toBeInTheDocument()
    expect(screen.getByText('A nickname has at most 32 characters')).toBeInTheDocument()
    expect(screen.getByText('A password has 8–128 characters')).toBeInTheDocument()
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("registers, logs in and shows the server's field errors", async () => {
    let attempt = 0
    const fetchMock = stubApi({
      'POST /api/auth/username/register': () =>
        ++attempt === 1
          ? {
              status: 409,
              body: {
                success: false,
                code: 'username_taken',
                message: 'Username taken',
                fields: { username: 'Taken' },
              },
            }
          : { status: 201, body: { success: true, user: { ...lily, nickname: 'lily' } } },
    })
    const { user, queryClient } = await openRegistration()
    await user.type(screen.getByLabelText('Username'), 'Lily')
    await user.type(screen.getByLabelText('Password'), 'password1')
    await user.type(screen.getByLabelText('Confirm password'), 'password1')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Username taken')
    expect(screen.getByText('Taken')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Username'), '2')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await screen.findByRole('button', { name: 'Account created' })
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      username: 'Lily2',
      password: 'password1',
    })
    expect(queryClient.getQueryData<SessionState>(sessionQueryKey)?.user?.username).toBe('lily')
  })
})
