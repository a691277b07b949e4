import { act, screen, waitFor, within } from '@testing-library/react'
import { House, Wrench } from 'lucide-react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '@/test/render-app.tsx'
import { currentSectionItem } from './section-layout.tsx'

const signedOut = {
  success: true,
  isAuthenticated: false,
  hasUser: false,
  user: null,
  wechatOpenId: null,
  authUrl: null,
}
const routes = { 'GET /api/auth/token': () => ({ body: signedOut }) }

afterEach(async () => {
  // Let history traversals of closed modals finish before the next test.
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('a section’s phone navigation', () => {
  it('names the current page and opens a sheet with every page, the current one marked', async () => {
    const { router, user } = renderApp('/developers/tools', routes)
    const open = await screen.findByRole('button', { name: /Developer portal\s*Tools\s*All pages/ })
    expect(open).toHaveAttribute('aria-haspopup', 'dialog')
    await user.click(open)

    const sheet = await screen.findByRole('dialog', { name: 'Developer portal' })
    const nav = within(sheet).getByRole('navigation', { name: 'Developer portal' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/developers'],
      ['API docs', '/developers/api'],
      ['Tokens', '/developers/pat'],
      ['UI kit', '/developers/theme'],
      ['Tools', '/developers/tools'],
    ])
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page')).toEqual([
      within(nav).getByRole('link', { name: 'Tools' }),
    ])

    // Another page: the sheet closes and Back returns to the page it was opened on.
    await user.click(within(nav).getByRole('link', { name: 'UI kit' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'UI kit' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(
      screen.getByRole('button', { name: /Developer portal\s*UI kit\s*All pages/ }),
    ).toBeInTheDocument()
    await act(async () => router.history.back())
    await waitFor(() => expect(router.state.location.pathname).toBe('/developers/tools'))
    // Closed for good: coming back to that page does not open it again.
    expect(await screen.findByRole('heading', { level: 1, name: 'Tools' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('closes the sheet when the current page is tapped, staying there', async () => {
    const { router, user } = renderApp('/developers/tools', routes)
    await user.click(await screen.findByRole('button', { name: /All pages/ }))
    const sheet = await screen.findByRole('dialog', { name: 'Developer portal' })
    await user.click(within(sheet).getByRole('link', { name: 'Tools' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/developers/tools')
  })
})

describe('currentSectionItem', () => {
  const items = [
    { to: '/developers', label: 'Overview', icon: House, exact: true },
    { to: '/developers/tools', label: 'Tools', icon: Wrench },
  ] as const
  it('takes an exact item only on its path, any other also below it', () => {
    expect(currentSectionItem(items, '/developers/')?.label).toBe('Overview')
    expect(currentSectionItem(items, '/developers/tools/timestamp-converter')?.label).toBe('Tools')
    expect(currentSectionItem(items, '/developers/api')).toBeUndefined()
  })
})
