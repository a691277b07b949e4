import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/toaster.tsx'
import { tokensKey } from '@/lib/api/list-tokens.ts'
import { clearToastsAtom } from '@/lib/toast.ts'
import { stubApi } from '@/test/fetch.ts'
import { renderWithProviders } from '@/test/render.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'

let cleanupToasts: (() => void) | undefined
afterEach(() => {
  cleanupToasts?.()
  cleanupToasts = undefined
})

function setup() {
  const fetchMock = stubApi({
    'POST /api/auth/password/change': (init) => {
      const body = JSON.parse(String(init?.body)) as { revokeTokens?: boolean }
      return {
        body: body.revokeTokens
          ? {
              success: true,
              message:
                'Password changed; your other devices were signed out and your personal access tokens revoked',
              tokensRevoked: 2,
            }
          : {
              success: true,
              message: 'Password changed; your other devices were signed out',
              tokensRevoked: 0,
            },
      }
    },
  })
  const view = renderWithProviders(
    <>
      <ChangePasswordForm />
      <Toaster />
    </>,
  )
  cleanupToasts = () => act(() => void view.store.set(clearToastsAtom))
  return { ...view, fetchMock, user: userEvent.setup() }
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Current password'), 'old-password')
  await user.type(screen.getByLabelText('New password'), 'new-password-1')
  await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1')
}

const sentBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown)

describe('changing the password', () => {
  it('says a new password is too short, with the minimum, and sends nothing', async () => {
    const { fetchMock, user } = setup()
    await user.type(screen.getByLabelText('Current password'), 'old-password')
    await user.type(screen.getByLabelText('New password'), 'short')
    await user.type(screen.getByLabelText('Confirm new password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(
      screen.getByText('Too short: a password needs at least 8 characters'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('Please fill in all fields')).not.toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('names each missing field', async () => {
    const { fetchMock, user } = setup()
    await user.type(screen.getByLabelText('New password'), 'new-password-1')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(screen.getByText('Enter your current password')).toBeInTheDocument()
    expect(screen.getByText('Enter the password again')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('keeps the personal access tokens unless asked to revoke them', async () => {
    const { fetchMock, user, queryClient } = setup()
    queryClient.setQueryData(tokensKey, [])
    const revoke = screen.getByRole('checkbox', { name: 'Also revoke my personal access tokens' })
    expect(revoke).not.toBeChecked()
    expect(revoke).toHaveAccessibleDescription('Scripts and integrations using them stop working.')

    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(
      await screen.findByText('Password changed; your other devices were signed out'),
    ).toBeInTheDocument()
    expect(sentBodies(fetchMock)).toEqual([
      { currentPassword: 'old-password', newPassword: 'new-password-1', revokeTokens: false },
    ])
    expect(queryClient.getQueryState(tokensKey)?.isInvalidated).toBe(false)
  })

  it('revokes them too when the box is ticked, and unticks it afterwards', async () => {
    const { fetchMock, user, queryClient } = setup()
    queryClient.setQueryData(tokensKey, [])
    await fillIn(user)
    await user.click(
      screen.getByRole('checkbox', { name: 'Also revoke my personal access tokens' }),
    )
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(
      await screen.findByText(
        'Password changed; your other devices were signed out and your personal access tokens revoked',
      ),
    ).toBeInTheDocument()
    expect(sentBodies(fetchMock)).toEqual([
      { currentPassword: 'old-password', newPassword: 'new-password-1', revokeTokens: true },
    ])
    // The token list is fetched again wherever it is shown.
    expect(queryClient.getQueryState(tokensKey)?.isInvalidated).toBe(true)
    expect(
      screen.getByRole('checkbox', { name: 'Also revoke my personal access tokens' }),
    ).not.toBeChecked()
  })
})
