import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, renderGroupsApp } from '@/test/fake-api.tsx'
import { signedIn, stubEventSource } from '../test/fixtures.ts'

beforeEach(stubEventSource)
afterEach(async () => {
  vi.unstubAllGlobals()
  await new Promise((resolve) => setTimeout(resolve, 10))
})

const kinds = [
  { kind: 'replied', enabled: true },
  { kind: 'liked', enabled: true },
  { kind: 'banned', enabled: false },
]

function routes(put: Parameters<typeof renderGroupsApp>[1][string]) {
  return {
    'GET /api/auth/token': () => ({ body: signedIn }),
    'GET /api/notifications/unread-count': () => ({ body: { success: true, unread: 0 } }),
    'GET /api/notifications/preferences': () => ({ body: { success: true, kinds } }),
    'PUT /api/notifications/preferences': put,
  }
}

describe('notification settings', () => {
  it('saves a switch at once with the kinds turned off', async () => {
    const { user, calls } = renderGroupsApp(
      '/settings/notifications',
      routes(({ body }) => ({
        body: {
          success: true,
          kinds: kinds.map((k) => ({
            ...k,
            enabled: !(body as { muted: string[] }).muted.includes(k.kind),
          })),
        },
      })),
    )
    const liked = await screen.findByRole('switch', { name: 'Likes' })
    expect(liked).toBeChecked()
    expect(screen.getByRole('switch', { name: 'Bans' })).not.toBeChecked()
    await user.click(liked)
    expect(liked).not.toBeChecked()
    await waitFor(() => expect(calls('PUT', '/api/notifications/preferences')).toHaveLength(1))
    expect(calls('PUT', '/api/notifications/preferences')[0]!.body).toEqual({
      muted: ['liked', 'banned'],
    })
  })

  it('puts the switch back and says why when the server refuses', async () => {
    const { user } = renderGroupsApp(
      '/settings/notifications',
      routes(() => apiError(503, 'unavailable', 'Try later')),
    )
    const liked = await screen.findByRole('switch', { name: 'Likes' })
    await user.click(liked)
    expect(await screen.findByText('The setting could not be saved: Try later')).toBeVisible()
    await waitFor(() => expect(liked).toBeChecked())
  })
})
