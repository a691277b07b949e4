import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfirmDialog } from '@/components/confirm-dialog.tsx'
import { ReauthDialog } from '@/components/reauth-dialog.tsx'
import { Toaster } from '@/components/toaster.tsx'
import { clearToastsAtom } from '@/lib/toast.ts'
import { stubApi, type StubResponse } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { AccountSettingsPage } from './account-settings-page.tsx'

const lily = {
  id: 'u1',
  username: 'lily',
  nickname: 'Lily',
  role: 'user',
  createdAt: '2026-01-01T00:00:00Z',
  avatarUrl: null,
  hasPassword: true,
  phone: null as null | { prefix: string; masked: string },
  wechatLinked: false,
}

function token(
  user: typeof lily | null,
  wechat = { wechatOpenId: null as string | null, hasUser: false },
) {
  return {
    body: {
      success: true,
      isAuthenticated: user !== null,
      user,
      authUrl: null,
      ...wechat,
    },
  }
}

type Routes = Record<string, (init: RequestInit | undefined) => StubResponse>

function setup(routes: Routes) {
  const fetchMock = stubApi(routes)
  const view = renderWithProviders(
    <>
      <AccountSettingsPage />
      <ConfirmDialog />
      <ReauthDialog />
      <Toaster />
    </>,
  )
  return { ...view, fetchMock, user: userEvent.setup() }
}

const phoneCard = () => screen.getByRole('region', { name: 'Phone number' })
const wechatCard = () => screen.getByRole('region', { name: 'WeChat' })
const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === method)
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body)) as unknown

let cleanupToasts: (() => void) | undefined
afterEach(async () => {
  cleanupToasts?.()
  cleanupToasts = undefined
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('/settings/account', () => {
  it('asks visitors to log in', async () => {
    setup({ 'GET /api/auth/token': () => token(null) })
    expect(await screen.findByText('Log in to manage your account')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Phone number' })).not.toBeInTheDocument()
  })

  it('binds a phone number with an SMS code and shows it masked', async () => {
    let current = lily
    const { fetchMock, user, store } = setup({
      'GET /api/auth/token': () => token(current),
      'POST /api/account/phone/sendVerification': () => ({
        body: {
          success: true,
          message: '验证码已发送',
          sentAt: new Date().toISOString(),
          resendAfterSecs: 60,
          expiresInSecs: 300,
        },
      }),
      'PUT /api/account/phone': () => {
        current = { ...lily, phone: { prefix: '86', masked: '138****8000' } }
        return { body: { success: true, user: current, message: '手机号已绑定' } }
      },
    })
    cleanupToasts = () => act(() => void store.set(clearToastsAtom))
    await screen.findByRole('region', { name: 'Phone number' })
    expect(within(phoneCard()).getByText('Not bound')).toBeInTheDocument()
    const send = within(phoneCard()).getByRole('button', { name: 'Enter phone number' })
    expect(send).toBeDisabled()

    await user.type(within(phoneCard()).getByLabelText('Phone number'), '13800138000')
    await user.click(within(phoneCard()).getByRole('button', { name: 'Send code' }))
    expect(await screen.findByRole('status')).toHaveTextContent('验证码已发送')
    expect(within(phoneCard()).getByRole('button', { name: 'Resend in 60s' })).toBeDisabled()
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/account/phone/sendVerification')[0])).toEqual({
      phonePrefix: '86',
      phoneNumber: '13800138000',
    })

    await user.type(within(phoneCard()).getByLabelText('Verification code'), '246810')
    await user.click(within(phoneCard()).getByRole('button', { name: 'Bind phone number' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('手机号已绑定'))
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/account/phone')[0])).toEqual({
      phonePrefix: '86',
      phoneNumber: '13800138000',
      verificationCode: '246810',
    })
    // The user is fetched again and the number shows masked with its prefix.
    expect(await within(phoneCard()).findByText('+86 138****8000')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'GET', '/api/auth/token')).toHaveLength(2)
    expect(within(phoneCard()).getByLabelText('New phone number')).toHaveValue('')
    expect(
      within(phoneCard()).getByRole('button', { name: 'Change phone number' }),
    ).toBeInTheDocument()
  })

  it('checks the fields before sending anything', async () => {
    const { fetchMock, user } = setup({ 'GET /api/auth/token': () => token(lily) })
    await screen.findByRole('region', { name: 'Phone number' })
    await user.click(within(phoneCard()).getByRole('button', { name: 'Bind phone number' }))
    expect(within(phoneCard()).getByText('Enter the phone number')).toBeInTheDocument()
    expect(within(phoneCard()).getByLabelText('Phone number')).toHaveAttribute(
      'aria-invalid',
      'true',
    )

    await user.type(within(phoneCard()).getByLabelText('Phone number'), '1234')
    await user.type(within(phoneCard()).getByLabelText('Verification code'), '123456')
    await user.click(within(phoneCard()).getByRole('button', { name: 'Bind phone number' }))
    expect(within(phoneCard()).getByText('Please enter a valid phone number')).toBeInTheDocument()
    expect(within(phoneCard()).getByLabelText('Phone number')).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it("puts the server's messages next to the number, the code, or under the form", async () => {
    let attempt = 0
    const { user } = setup({
      'GET /api/auth/token': () => token(lily),
      'POST /api/account/phone/sendVerification': () => ({
        status: 409,
        body: { success: false, code: 'phone_taken', message: '该手机号已被其他账号绑定' },
      }),
      'PUT /api/account/phone': () =>
        ++attempt === 1
          ? {
              status: 401,
              body: { success: false, code: 'wrong_verification_code', message: '验证码错误' },
            }
          : {
              status: 503,
              body: { success: false, code: 'sms_unavailable', message: '短信服务暂不可用' },
            },
    })
    await screen.findByRole('region', { name: 'Phone number' })
    const phone = within(phoneCard()).getByLabelText('Phone number')
    const code = within(phoneCard()).getByLabelText('Verification code')
    await user.type(phone, '13800138000')
    await user.click(within(phoneCard()).getByRole('button', { name: 'Send code' }))
    expect(await within(phoneCard()).findByText('该手机号已被其他账号绑定')).toBeInTheDocument()
    expect(phone).toHaveAttribute('aria-invalid', 'true')

    await user.type(code, '000000')
    await user.click(within(phoneCard()).getByRole('button', { name: 'Bind phone number' }))
    expect(await within(phoneCard()).findByText('验证码错误')).toBeInTheDocument()
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(phone).not.toHaveAttribute('aria-invalid')

    await user.click(within(phoneCard()).getByRole('button', { name: 'Bind phone number' }))
    expect(await within(phoneCard()).findByRole('alert')).toHaveTextContent('短信服务暂不可用')
  })

  it("unbinds WeChat after confirmation and shows the server's reason when it is refused", async () => {
    const linked = { ...lily, hasPassword: false, wechatLinked: true }
    let refuse = true
    let current = linked
    const { fetchMock, user, store } = setup({
      'GET /api/auth/token': () => token(current),
      'DELETE /api/auth/wechat/binding': () => {
        if (refuse) {
          return {
            status: 409,
            body: {
              success: false,
              code: 'last_sign_in_method',
              message: '微信是你唯一的登录方式，请先绑定手机号或设置密码',
            },
          }
        }
        current = { ...linked, hasPassword: true, wechatLinked: false }
        return { body: { success: true, user: current, message: '已解除微信绑定' } }
      },
    })
    cleanupToasts = () => act(() => void store.set(clearToastsAtom))
    await screen.findByRole('region', { name: 'WeChat' })
    expect(within(wechatCard()).getByText('Linked')).toBeInTheDocument()

    await user.click(within(wechatCard()).getByRole('button', { name: 'Unbind' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Unbind WeChat?' })
    // Cancel sends nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(callsTo(fetchMock, 'DELETE', '/api/auth/wechat/binding')).toHaveLength(0)

    await user.click(within(wechatCard()).getByRole('button', { name: 'Unbind' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unbind WeChat?' })).getByRole(
        'button',
        { name: 'Unbind' },
      ),
    )
    expect(await within(wechatCard()).findByRole('alert')).toHaveTextContent(
      '微信是你唯一的登录方式，请先绑定手机号或设置密码',
    )
    expect(within(wechatCard()).getByText('Linked')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())

    refuse = false
    await user.click(within(wechatCard()).getByRole('button', { name: 'Unbind' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unbind WeChat?' })).getByRole(
        'button',
        { name: 'Unbind' },
      ),
    )
    expect(await within(wechatCard()).findByText('Not linked')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('已解除微信绑定')
    expect(within(wechatCard()).queryByRole('alert')).not.toBeInTheDocument()
    expect(callsTo(fetchMock, 'DELETE', '/api/auth/wechat/binding')).toHaveLength(2)
  })

  it("binds this browser's WeChat when its openid has no account yet", async () => {
    let current = lily
    let wechat = { wechatOpenId: 'o-new' as string | null, hasUser: false }
    const { fetchMock, user, store } = setup({
      'GET /api/auth/token': () => token(current, wechat),
      'POST /api/auth/wechat/binding': () => {
        current = { ...lily, wechatLinked: true }
        wechat = { wechatOpenId: 'o-new', hasUser: true }
        return { body: { success: true, user: current, message: '微信已绑定' } }
      },
    })
    cleanupToasts = () => act(() => void store.set(clearToastsAtom))
    await screen.findByRole('region', { name: 'WeChat' })
    expect(within(wechatCard()).getByText('Not linked')).toBeInTheDocument()
    await user.click(within(wechatCard()).getByRole('button', { name: 'Bind this WeChat' }))
    // A successful binding refreshes the auth state (spec §4.1).
    expect(await within(wechatCard()).findByText('Linked')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'GET', '/api/auth/token')).toHaveLength(2)
    expect(screen.getByRole('status')).toHaveTextContent('微信已绑定')
    expect(within(wechatCard()).getByRole('button', { name: 'Unbind' })).toBeInTheDocument()
  })

  it('asks an old session to confirm with the password, then sends the code and binds', async () => {
    const reauthRequired = {
      status: 403,
      body: {
        success: false,
        code: 'reauthentication_required',
        message:
          "Confirm it's you: enter your password (or a code sent to your phone) and try again.",
      },
    }
    let proven = false
    let current = lily
    const { fetchMock, user, store } = setup({
      'GET /api/auth/token': () => token(current),
      'POST /api/account/phone/sendVerification': () =>
        proven
          ? {
              body: {
                success: true,
                message: '验证码已发送',
                sentAt: new Date().toISOString(),
                resendAfterSecs: 60,
                expiresInSecs: 300,
              },
            }
          : reauthRequired,
      'POST /api/auth/reauthenticate': () => {
        proven = true
        return {
          body: {
            success: true,
            message: "Confirmed it's you",
            reauthenticatedUntil: new Date(Date.now() + 600_000).toISOString(),
          },
        }
      },
      'PUT /api/account/phone': () => {
        current = { ...lily, phone: { prefix: '86', masked: '138****8000' } }
        return { body: { success: true, user: current, message: '手机号已绑定' } }
      },
    })
    cleanupToasts = () => act(() => void store.set(clearToastsAtom))
    await screen.findByRole('region', { name: 'Phone number' })
    await user.type(within(phoneCard()).getByLabelText('Phone number'), '13800138000')
    await user.click(within(phoneCard()).getByRole('button', { name: 'Send code' }))

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" })
    await user.type(within(dialog).getByLabelText('Password'), 'lily-secret-1')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    // Proven: the code request runs again by itself and its countdown starts.
    expect(await screen.findByRole('status')).toHaveTextContent('验证码已发送')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(phoneCard()).getByRole('button', { name: 'Resend in 60s' })).toBeDisabled()
    expect(callsTo(fetchMock, 'POST', '/api/account/phone/sendVerification')).toHaveLength(2)
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/auth/reauthenticate')[0])).toEqual({
      password: 'lily-secret-1',
    })

    await user.type(within(phoneCard()).getByLabelText('Verification code'), '246810')
    await user.click(within(phoneCard()).getByRole('button', { name: 'Bind phone number' }))
    expect(await within(phoneCard()).findByText('+86 138****8000')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST', '/api/auth/reauthenticate')).toHaveLength(1)
  })

  it('asks an old session to confirm before a rename, then saves the new name', async () => {
    let proven = false
    const { fetchMock, user, store } = setup({
      'GET /api/auth/token': () => token(lily),
      'PATCH /api/account/profile': () =>
        proven
          ? {
              body: {
                success: true,
                user: { ...lily, username: 'lily_new' },
                message: 'Profile saved',
              },
            }
          : {
              status: 403,
              body: {
                success: false,
                code: 'reauthentication_required',
                message: "Confirm it's you and try again.",
              },
            },
      'POST /api/auth/reauthenticate': () => {
        proven = true
        return {
          body: {
            success: true,
            message: "Confirmed it's you",
            reauthenticatedUntil: new Date(Date.now() + 600_000).toISOString(),
          },
        }
      },
    })
    cleanupToasts = () => act(() => void store.set(clearToastsAtom))
    const username = await screen.findByLabelText('Username')
    await user.clear(username)
    await user.type(username, 'lily_new')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" })
    await user.type(within(dialog).getByLabelText('Password'), 'lily-secret-1')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    // Proven: the rename runs again by itself.
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('lily_new'))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(fetchMock, 'PATCH', '/api/account/profile')).toHaveLength(2)
    expect(bodyOf(callsTo(fetchMock, 'PATCH', '/api/account/profile')[1])).toMatchObject({
      username: 'lily_new',
    })
  })

  it('asks to confirm before unbinding WeChat from an old session', async () => {
    const linked = { ...lily, wechatLinked: true }
    let proven = false
    let current = linked
    const { fetchMock, user, store } = setup({
      'GET /api/auth/token': () => token(current),
      'DELETE /api/auth/wechat/binding': () => {
        if (!proven) {
          return {
            status: 403,
            body: {
              success: false,
              code: 'reauthentication_required',
              message:
                "Confirm it's you: enter your password (or a code sent to your phone) and try again.",
            },
          }
        }
        current = { ...linked, wechatLinked: false }
        return { body: { success: true, user: current, message: '已解除微信绑定' } }
      },
      'POST /api/auth/reauthenticate': () => {
        proven = true
        return {
          body: {
            success: true,
            message: "Confirmed it's you",
            reauthenticatedUntil: new Date(Date.now() + 600_000).toISOString(),
          },
        }
      },
    })
    cleanupToasts = () => act(() => void store.set(clearToastsAtom))
    await screen.findByRole('region', { name: 'WeChat' })
    await user.click(within(wechatCard()).getByRole('button', { name: 'Unbind' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Unbind WeChat?' })).getByRole(
        'button',
        { name: 'Unbind' },
      ),
    )
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" })
    await user.type(within(dialog).getByLabelText('Password'), 'lily-secret-1')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(wechatCard()).findByText('Not linked')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'DELETE', '/api/auth/wechat/binding')).toHaveLength(2)
    expect(within(wechatCard()).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('explains how to link WeChat when this browser has no WeChat identity', async () => {
    setup({ 'GET /api/auth/token': () => token(lily) })
    await screen.findByRole('region', { name: 'WeChat' })
    expect(
      within(wechatCard()).getByText(
        'To link WeChat, open Courtyard inside WeChat and bind it there.',
      ),
    ).toBeInTheDocument()
    expect(within(wechatCard()).queryByRole('button')).not.toBeInTheDocument()
  })
})
