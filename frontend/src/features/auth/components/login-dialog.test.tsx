import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/toaster.tsx'
import { sessionQueryKey, type SessionState } from '@/lib/session.ts'
import { clearToastsAtom } from '@/lib/toast.ts'
import { stubApi, type StubResponse } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { LoginDialog } from './login-dialog.tsx'

// Spec §9.
const ERROR_SHAKE_MS = 600
const LOGIN_CLOSE_DELAY_MS = 500
const WECHAT_LOGIN_CLOSE_DELAY_MS = 300
const MODE_SWITCH_SUBMIT_BLOCK_MS = 200

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN'

const lily = {
  id: 'u1',
  username: 'lily',
  nickname: 'Lily',
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null,
  wechatLinked: false,
}
const phoneUser = {
  ...lily,
  id: 'u2',
  username: 'u_8000',
  nickname: '用户8000',
  hasPassword: false,
  phone: { prefix: '86', masked: '138****8000' },
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

/** With what GET /api/auth/token told the shell about this browser's WeChat. */
async function setupWechat(wechat: { openId: string; hasUser: boolean }) {
  const view = setup()
  view.queryClient.setQueryData<SessionState>(sessionQueryKey, {
    user: null,
    authUrl: null,
    wechatOpenId: wechat.openId,
    hasUser: wechat.hasUser,
  })
  // Query notifies its observers in a macrotask.
  await act(async () => vi.advanceTimersByTimeAsync(0))
  return view
}

function sent(secondsAgo = 0, message = 'Code sent to +86 138****8000'): StubResponse {
  return {
    body: {
      success: true,
      message,
      sentAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
      resendAfterSecs: 60,
      expiresInSecs: 300,
    },
  }
}

const usernameField = () => screen.getByLabelText('Username')
const passwordField = () => screen.getByLabelText('Password')
const phoneField = () => screen.getByLabelText('Phone number')
const codeField = () => screen.getByLabelText('Verification code')
const submitButton = () => screen.getByRole('button', { name: 'Log in' })
const sendButton = () =>
  screen.getByRole('button', {
    name: /^(Send code|Enter phone number|Resend in \d+s|Sending the code…)$/,
  })
const dialog = () => screen.queryByRole('dialog', { name: 'Log in to Courtyard' })
const bindSwitch = () => screen.queryByRole('switch', { name: /Link this WeChat/ })
const body = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body)) as unknown

async function toUsernameMode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Username and password' }))
  await act(async () => vi.advanceTimersByTimeAsync(MODE_SWITCH_SUBMIT_BLOCK_MS))
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
})

afterEach(async () => {
  vi.useRealTimers()
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('<LoginDialog> (spec §2.3)', () => {
  it('opens in phone mode (+86) and offers username login under "other login methods"', async () => {
    const { user } = setup()
    expect(phoneField()).toHaveValue('')
    expect(codeField()).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Region: Chinese mainland +86' })).toHaveTextContent(
      '+86',
    )
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument()
    expect(screen.getByText('Other login methods')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Phone and SMS code' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Username and password' }))
    expect(usernameField()).toBeInTheDocument()
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Phone and SMS code' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeInTheDocument()
  })

  it('says which field is empty and sends nothing', async () => {
    const fetchMock = stubApi({})
    const { user } = setup()
    await toUsernameMode(user)
    await user.type(usernameField(), 'lily')
    await user.click(submitButton())
    expect(screen.getByText('Enter a password')).toBeInTheDocument()
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true')
    expect(usernameField()).not.toHaveAttribute('aria-invalid', 'true')
    await user.clear(usernameField())
    await user.type(passwordField(), 'secret-pass')
    await user.click(submitButton())
    expect(screen.getByText('Enter your username')).toBeInTheDocument()
    expect(screen.queryByText('Enter a password')).not.toBeInTheDocument()
    expect(screen.queryByText('Please fill in all fields')).not.toBeInTheDocument()
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
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your phone number')
  })

  it("shows the server's message when login fails", async () => {
    stubApi({
      'POST /api/auth/username/login': () => ({
        status: 401,
        body: { success: false, code: 'invalid_credentials', message: '用户名或密码错误' },
      }),
    })
    const { user } = setup()
    await toUsernameMode(user)
    await user.type(usernameField(), 'lily')
    await user.type(passwordField(), 'wrong-password')
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误')
    expect(screen.getByRole('alert')).toHaveClass('animate-shake')
  })

  it('tells a disabled account why it cannot sign in', async () => {
    stubApi({
      'POST /api/auth/username/login': () => ({
        status: 403,
        body: {
          success: false,
          code: 'account_disabled',
          message: 'This account has been disabled',
        },
      }),
    })
    const { user } = setup()
    await toUsernameMode(user)
    await user.type(usernameField(), 'lily')
    await user.type(passwordField(), 'password1')
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account has been disabled by an administrator',
    )
  })

  it('falls back to "Login failed" when the answer has no user and no message', async () => {
    stubApi({ 'POST /api/auth/username/login': () => ({ body: { success: false } }) })
    const { user } = setup()
    await toUsernameMode(user)
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
    await toUsernameMode(user)
    await user.type(usernameField(), '  lily ')
    await user.type(passwordField(), 'password1')
    await user.click(submitButton())
    await screen.findByRole('button', { name: 'Logged in' })
    expect(body(fetchMock.mock.calls[0])).toEqual({ username: 'lily', password: 'password1' })
    expect(queryClient.getQueryData<SessionState>(sessionQueryKey)?.user).toEqual(lily)
    expect(dialog()).toBeInTheDocument()

    act(() => void vi.advanceTimersByTime(LOGIN_CLOSE_DELAY_MS))
    expect(dialog()).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back, Lily!')
    act(() => void store.set(clearToastsAtom))
  })

  it('Escape and the close button reset every field, the view and the mode', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Region: Chinese mainland +86' }))
    await user.click(screen.getByRole('button', { name: 'United States/Canada +1' }))
    await user.type(phoneField(), '2025550123')
    await user.click(screen.getByRole('button', { name: 'Username and password' }))
    await user.type(usernameField(), 'lily')
    await user.type(passwordField(), 'secret')
    await user.click(submitButton())
    await user.keyboard('{Escape}')
    expect(dialog()).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Open login' }))
    expect(phoneField()).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Region: Chinese mainland +86' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Username and password' }))
    expect(usernameField()).toHaveValue('')
    expect(passwordField()).toHaveValue('')

    await user.click(screen.getByRole('button', { name: 'Create an account' }))
    await user.type(screen.getByLabelText('Username'), 'newbie')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.click(screen.getByRole('button', { name: 'Open login' }))
    expect(dialog()).toBeInTheDocument()
    expect(phoneField()).toHaveValue('')
  })

  it('blocks submitting for 200 ms after switching mode', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/username/login': () => ({ status: 401, body: { message: 'nope' } }),
    })
    setup()
    fireEvent.click(screen.getByRole('button', { name: 'Username and password' }))
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
})

describe('phone login', () => {
  it('picks the region in a stacked modal whose search matches names and codes', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Region: Chinese mainland +86' }))
    const picker = screen.getByRole('dialog', { name: 'Choose your region' })
    // Spec §4.3: it stacks above the login dialog (hidden from assistive technology meanwhile).
    const loginBackdrop = screen.getByRole('dialog', {
      name: 'Log in to Courtyard',
      hidden: true,
    }).parentElement
    expect(Number(picker.parentElement?.style.zIndex)).toBe(Number(loginBackdrop?.style.zIndex) + 1)

    const search = within(picker).getByRole('searchbox', { name: 'Search regions' })
    const regions = () =>
      within(within(picker).getByRole('list', { name: 'Regions' }))
        .getAllByRole('button')
        .map((button) => button.textContent)
    expect(regions()).toEqual(['Chinese mainland+86', 'United States/Canada+1'])

    for (const [query, expected] of [
      ['美国', 'United States/Canada+1'],
      ['canada', 'United States/Canada+1'],
      ['+1', 'United States/Canada+1'],
      ['中国大陆', 'Chinese mainland+86'],
      ['Mainland', 'Chinese mainland+86'],
      ['86', 'Chinese mainland+86'],
      ['+86', 'Chinese mainland+86'],
    ]) {
      await user.clear(search)
      await user.type(search, query as string)
      expect(regions(), query).toEqual([expected])
    }
    await user.clear(search)
    await user.type(search, '44')
    expect(within(picker).queryByRole('list')).not.toBeInTheDocument()
    expect(within(picker).getByText('No region matches “44”')).toBeInTheDocument()

    // Escape closes only the picker, the top modal.
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Choose your region' })).not.toBeInTheDocument()
    expect(dialog()).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Region: Chinese mainland +86' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search regions' }), '加拿大')
    await user.click(screen.getByRole('button', { name: 'United States/Canada +1' }))
    expect(screen.queryByRole('dialog', { name: 'Choose your region' })).not.toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Region: United States/Canada +1' }),
    ).toHaveTextContent('+1')
  })

  it('enables the send button from 5 characters, spins while sending, then counts down from sentAt', async () => {
    let answer: (response: StubResponse) => void = () => undefined
    const fetchMock = stubApi({
      'POST /api/auth/phone/sendVerification': () =>
        new Promise<StubResponse>((resolve) => (answer = resolve)),
    })
    const { user, store } = setup()
    expect(sendButton()).toHaveTextContent('Enter phone number')
    expect(sendButton()).toBeDisabled()
    await user.type(phoneField(), '1380')
    expect(sendButton()).toHaveTextContent('Enter phone number')
    expect(sendButton()).toBeDisabled()
    await user.type(phoneField(), '0')
    expect(sendButton()).toHaveTextContent('Send code')
    expect(sendButton()).toBeEnabled()

    await user.type(phoneField(), '138000')
    await user.click(sendButton())
    expect(sendButton()).toHaveAttribute('aria-disabled', 'true')
    expect(sendButton()).toHaveAttribute('aria-busy', 'true')
    expect(sendButton().querySelector('svg.animate-spin')).not.toBeNull()
    expect(sendButton()).not.toHaveTextContent('Send code')
    expect(body(fetchMock.mock.calls[0])).toEqual({
      phonePrefix: '86',
      phoneNumber: '13800138000',
    })

    await act(async () => answer(sent()))
    expect(await screen.findByRole('status')).toHaveTextContent('Code sent to +86 138****8000')
    expect(sendButton()).toHaveTextContent('Resend in 60s')
    expect(sendButton()).toBeDisabled()
    await act(async () => vi.advanceTimersByTimeAsync(1000))
    expect(sendButton()).toHaveTextContent('59s')
    await act(async () => vi.advanceTimersByTimeAsync(58_000))
    expect(sendButton()).toHaveTextContent('1s')
    expect(sendButton()).toBeDisabled()
    await act(async () => vi.advanceTimersByTimeAsync(1000))
    expect(sendButton()).toHaveTextContent('Send code')
    expect(sendButton()).toBeEnabled()
    act(() => void store.set(clearToastsAtom))
  })

  it('keeps the countdown, computed from sentAt, when the dialog is closed and reopened', async () => {
    stubApi({ 'POST /api/auth/phone/sendVerification': () => sent(20) })
    const { user, store } = setup()
    await user.type(phoneField(), '138 0013 8000')
    await user.click(sendButton())
    // The server sent it 20 s ago: 40 s are left, not 60.
    await waitFor(() => expect(sendButton()).toHaveTextContent('40s'))

    await user.keyboard('{Escape}')
    act(() => void vi.advanceTimersByTime(5000))
    await user.click(screen.getByRole('button', { name: 'Open login' }))
    expect(phoneField()).toHaveValue('')
    await user.type(phoneField(), '13800138000')
    await waitFor(() => expect(sendButton()).toHaveTextContent('35s'))
    expect(sendButton()).toBeDisabled()

    // Another number has no countdown.
    await user.clear(phoneField())
    await user.type(phoneField(), '13900139000')
    expect(sendButton()).toHaveTextContent('Send code')
    act(() => void store.set(clearToastsAtom))
  })

  it('starts the countdown from retryAfter when the server says it is too soon', async () => {
    stubApi({
      'POST /api/auth/phone/sendVerification': () => ({
        status: 429,
        body: {
          success: false,
          code: 'code_resend_too_soon',
          message: '请在 42 秒后重新获取验证码',
          retryAfter: 42,
        },
      }),
    })
    const { user } = setup()
    await user.type(phoneField(), '13800138000')
    await user.click(sendButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('请在 42 秒后重新获取验证码')
    expect(screen.getByRole('alert')).toHaveClass('animate-shake')
    await waitFor(() => expect(sendButton()).toHaveTextContent('42s'))
    expect(sendButton()).toBeDisabled()
  })

  it("shows the server's message when sending fails, with no countdown", async () => {
    stubApi({
      'POST /api/auth/phone/sendVerification': () => ({
        status: 503,
        body: { success: false, code: 'sms_unavailable', message: 'SMS is not available' },
      }),
    })
    const { user } = setup()
    await user.type(phoneField(), '13800138000')
    await user.click(sendButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('SMS is not available')
    expect(sendButton()).toHaveTextContent('Send code')
  })

  it('asks for the number, the code, then a valid number, before sending anything', async () => {
    const fetchMock = stubApi({})
    const { user } = setup()
    await user.click(submitButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your phone number')
    await user.type(phoneField(), '13800138000')
    await user.click(submitButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the code from the text message')
    await user.clear(phoneField())
    await user.type(codeField(), '123456')
    await user.click(submitButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your phone number')

    await user.type(phoneField(), '1234')
    await user.click(submitButton())
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid phone number')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('logs in with the code and closes about 500 ms later', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/phone/login': () => ({
        body: { success: true, user: phoneUser, message: 'ok', created: false },
      }),
    })
    const { user, queryClient, store } = setup()
    await user.click(screen.getByRole('button', { name: 'Region: Chinese mainland +86' }))
    await user.click(screen.getByRole('button', { name: 'United States/Canada +1' }))
    await user.type(phoneField(), ' (202) 555-0123 ')
    await user.type(codeField(), '123456')
    await user.click(submitButton())
    await screen.findByRole('button', { name: 'Logged in' })
    expect(body(fetchMock.mock.calls[0])).toEqual({
      phonePrefix: '1',
      phoneNumber: '(202) 555-0123',
      verificationCode: '123456',
    })
    expect(queryClient.getQueryData<SessionState>(sessionQueryKey)?.user).toEqual(phoneUser)

    // A margin for the real time the test itself takes (the fake clock follows it).
    act(() => void vi.advanceTimersByTime(LOGIN_CLOSE_DELAY_MS - 100))
    expect(dialog()).toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(100))
    expect(dialog()).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back, 用户8000!')
    act(() => void store.set(clearToastsAtom))
  })

  it('welcomes a new account made by the phone login', async () => {
    stubApi({
      'POST /api/auth/phone/login': () => ({
        body: { success: true, user: phoneUser, created: true },
      }),
    })
    const { user, store } = setup()
    await user.type(phoneField(), '13800138000')
    await user.type(codeField(), '123456')
    await user.click(submitButton())
    await screen.findByRole('button', { name: 'Logged in' })
    act(() => void vi.advanceTimersByTime(LOGIN_CLOSE_DELAY_MS))
    expect(screen.getByRole('status')).toHaveTextContent('Welcome to Courtyard, 用户8000!')
    act(() => void store.set(clearToastsAtom))
  })

  it("shows the server's message for a wrong code, else 'Phone login failed'", async () => {
    let attempt = 0
    stubApi({
      'POST /api/auth/phone/login': () =>
        ++attempt === 1
          ? {
              status: 401,
              body: { success: false, code: 'wrong_verification_code', message: '验证码错误' },
            }
          : { body: { success: false } },
    })
    const { user } = setup()
    await user.type(phoneField(), '13800138000')
    await user.type(codeField(), '000000')
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误')
    await user.click(submitButton())
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Phone login failed'))
  })
})

describe('WeChat in the dialog (spec §2.3, §4.1)', () => {
  beforeEach(() => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA)
  })

  it('offers WeChat login first when the openid has an account, and closes after 300 ms', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/wechat/login': () => ({ body: { success: true, user: lily, message: 'ok' } }),
    })
    const { user, queryClient, store } = await setupWechat({ openId: 'o-lily', hasUser: true })
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument()
    expect(
      screen.queryByRole('button', { name: 'Create a new account with WeChat' }),
    ).not.toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Use another account or bind an existing one' }),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Log in with WeChat' }))
    await screen.findByRole('button', { name: 'Logged in' })
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/wechat/login',
      expect.objectContaining({ method: 'GET' }),
    )
    expect(queryClient.getQueryData<SessionState>(sessionQueryKey)?.user).toEqual(lily)
    // A margin for the real time the test itself takes (the fake clock follows it).
    act(() => void vi.advanceTimersByTime(WECHAT_LOGIN_CLOSE_DELAY_MS - 100))
    expect(dialog()).toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(100))
    expect(dialog()).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back, Lily!')
    act(() => void store.set(clearToastsAtom))
  })

  it('offers to create an account when the openid has none', async () => {
    const wechatUser = {
      ...lily,
      id: 'u3',
      username: 'wx_1',
      nickname: '微信用户',
      wechatLinked: true,
    }
    const fetchMock = stubApi({
      'POST /api/auth/wechat/register': () => ({
        status: 201,
        body: { success: true, user: wechatUser },
      }),
    })
    const { user, queryClient, store } = await setupWechat({ openId: 'o-new', hasUser: false })
    expect(screen.queryByRole('button', { name: 'Log in with WeChat' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create a new account with WeChat' }))
    await screen.findByRole('button', { name: 'Account created' })
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/wechat/register',
      expect.objectContaining({ method: 'POST' }),
    )
    expect(queryClient.getQueryData<SessionState>(sessionQueryKey)?.user).toEqual(wechatUser)
    act(() => void vi.advanceTimersByTime(WECHAT_LOGIN_CLOSE_DELAY_MS))
    expect(dialog()).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Welcome to Courtyard, 微信用户!')
    act(() => void store.set(clearToastsAtom))
  })

  it("shows the server's message when WeChat login fails", async () => {
    stubApi({
      'GET /api/auth/wechat/login': () => ({
        status: 401,
        body: {
          success: false,
          code: 'wechat_session_missing',
          message: '微信授权已过期，请从微信重新打开',
        },
      }),
    })
    const { user } = await setupWechat({ openId: 'o-lily', hasUser: true })
    await user.click(screen.getByRole('button', { name: 'Log in with WeChat' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('微信授权已过期，请从微信重新打开')
    expect(dialog()).toBeInTheDocument()
  })

  it('the third button shows the forms with the bind toggle on; WeChat leads back', async () => {
    const { user } = await setupWechat({ openId: 'o-new', hasUser: false })
    await user.click(
      screen.getByRole('button', { name: 'Use another account or bind an existing one' }),
    )
    expect(phoneField()).toBeInTheDocument()
    expect(bindSwitch()).toBeChecked()
    await user.click(bindSwitch()!)
    expect(bindSwitch()).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Username and password' }))
    expect(bindSwitch()).not.toBeChecked()

    await user.click(screen.getByRole('button', { name: 'WeChat' }))
    expect(
      screen.getByRole('button', { name: 'Create a new account with WeChat' }),
    ).toBeInTheDocument()

    // Closing resets the panel and the toggle (spec §2.3).
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Open login' }))
    await user.click(
      screen.getByRole('button', { name: 'Use another account or bind an existing one' }),
    )
    expect(bindSwitch()).toBeChecked()
  })

  it('has no bind toggle when the openid already has an account', async () => {
    const { user } = await setupWechat({ openId: 'o-lily', hasUser: true })
    await user.click(
      screen.getByRole('button', { name: 'Use another account or bind an existing one' }),
    )
    expect(phoneField()).toBeInTheDocument()
    expect(bindSwitch()).not.toBeInTheDocument()
  })

  it('binds after a login with the toggle on; a failed binding is only logged', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fetchMock = stubApi({
      'POST /api/auth/phone/login': () => ({ body: { success: true, user: phoneUser } }),
      'POST /api/auth/wechat/binding': () => ({
        status: 409,
        body: { success: false, code: 'wechat_already_bound', message: 'Already bound' },
      }),
    })
    const { user, queryClient, store } = await setupWechat({ openId: 'o-new', hasUser: false })
    await user.click(
      screen.getByRole('button', { name: 'Use another account or bind an existing one' }),
    )
    await act(async () => vi.advanceTimersByTimeAsync(MODE_SWITCH_SUBMIT_BLOCK_MS))
    await user.type(phoneField(), '13800138000')
    await user.type(codeField(), '123456')
    await user.click(submitButton())
    await screen.findByRole('button', { name: 'Logged in' })

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/auth/wechat/binding',
        expect.objectContaining({ method: 'POST' }),
      ),
    )
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(
        'Binding WeChat after login failed',
        expect.anything(),
      ),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    act(() => void vi.advanceTimersByTime(LOGIN_CLOSE_DELAY_MS))
    expect(dialog()).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back, 用户8000!')
    expect(queryClient.getQueryData<SessionState>(sessionQueryKey)?.user).toEqual(phoneUser)
    act(() => void store.set(clearToastsAtom))
  })

  it('does not bind when the toggle is off', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/username/login': () => ({ body: { success: true, user: lily } }),
    })
    const { user, store } = await setupWechat({ openId: 'o-new', hasUser: false })
    await user.click(
      screen.getByRole('button', { name: 'Use another account or bind an existing one' }),
    )
    await toUsernameMode(user)
    await user.click(bindSwitch()!)
    await user.type(usernameField(), 'lily')
    await user.type(passwordField(), 'password1')
    await user.click(submitButton())
    await screen.findByRole('button', { name: 'Logged in' })
    act(() => void vi.advanceTimersByTime(LOGIN_CLOSE_DELAY_MS))
    expect(dialog()).not.toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    act(() => void store.set(clearToastsAtom))
  })

  it('outside WeChat a known openid shows the forms and the bind toggle, but no panel', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    )
    await setupWechat({ openId: 'o-new', hasUser: false })
    expect(phoneField()).toBeInTheDocument()
    expect(bindSwitch()).toBeChecked()
    expect(screen.queryByRole('button', { name: 'WeChat' })).not.toBeInTheDocument()
  })

  it('in WeChat without an openid shows the forms and no toggle', () => {
    setup()
    expect(phoneField()).toBeInTheDocument()
    expect(bindSwitch()).not.toBeInTheDocument()
  })
})

describe('registration in the dialog', () => {
  async function openRegistration() {
    const view = setup()
    await view.user.click(screen.getByRole('button', { name: 'Username and password' }))
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
    expect(
      screen.getByText('Too short: a password needs at least 8 characters'),
    ).toBeInTheDocument()
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
    expect(body(fetchMock.mock.calls[1])).toEqual({ username: 'Lily2', password: 'password1' })
    expect(queryClient.getQueryData<SessionState>(sessionQueryKey)?.user?.username).toBe('lily')
  })

  it("shows the server's refusal of a too common password under the password", async () => {
    stubApi({
      'POST /api/auth/username/register': () => ({
        status: 422,
        body: {
          success: false,
          code: 'password_too_common',
          message: 'This password is one of the most common ones',
          fields: { password: 'This password is one of the most common ones' },
        },
      }),
    })
    const { user } = await openRegistration()
    await user.type(screen.getByLabelText('Username'), 'lily')
    await user.type(screen.getByLabelText('Password'), 'iloveyou')
    await user.type(screen.getByLabelText('Confirm password'), 'iloveyou')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is one of the most common ones',
    )
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true')
  })

  it('register returns to phone login, the default mode', async () => {
    const { user } = await openRegistration()
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(phoneField()).toBeInTheDocument()
  })
})
