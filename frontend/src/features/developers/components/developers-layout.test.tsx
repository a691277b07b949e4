import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderApp } from '@/test/render-app.tsx'
import { signedOut } from '../test/fixtures.ts'

const routes = { 'GET /api/auth/token': () => ({ body: signedOut }) }

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true })
})

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 10))
})

describe('developer portal', () => {
  it('is in the header and has its own navigation, marking the current section', async () => {
    const { user } = renderApp('/', routes)
    const header = await screen.findByRole('navigation', { name: 'Main navigation' })
    await user.click(within(header).getByRole('link', { name: 'Developers' }))
    const nav = await screen.findByRole('navigation', { name: 'Developer portal' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/developers'],
      ['API docs', '/developers/api'],
      ['Tokens', '/developers/pat'],
      ['UI kit', '/developers/theme'],
      ['Tools', '/developers/tools'],
    ])
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'data-status',
      'active',
    )
    expect(within(header).getByRole('link', { name: 'Developers' })).toHaveAttribute(
      'data-status',
      'active',
    )

    await user.click(within(nav).getByRole('link', { name: 'UI kit' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'UI kit' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Button' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Button' })).toBeInTheDocument()
    // Still the UI kit section on a component's page; Overview only on its own page.
    expect(within(nav).getByRole('link', { name: 'UI kit' })).toHaveAttribute(
      'data-status',
      'active',
    )
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute(
      'data-status',
      'active',
    )
  })

  it('explains the API with a curl example for this origin that copies', async () => {
    const { user } = renderApp('/developers', routes)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Courtyard API' }),
    ).toBeInTheDocument()
    const command = `curl -H "Authorization: Bearer cyp_…" ${location.origin}/api/auth/token`
    expect(screen.getByText(command)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Personal access tokens' })).toHaveAttribute(
      'href',
      '/developers/pat',
    )
    expect(screen.getByRole('link', { name: '/api/docs.json' })).toHaveAttribute(
      'href',
      '/api/docs.json',
    )
    expect(
      within(screen.getByRole('main')).getAllByRole('link', { name: /API docs/ })[0],
    ).toHaveAttribute('href', '/developers/api')
    await user.click(screen.getByRole('button', { name: 'Copy the curl command' }))
    expect(await navigator.clipboard.readText()).toBe(command)
  })

  it('lists the tools', async () => {
    renderApp('/developers/tools', routes)
    expect(await screen.findByRole('link', { name: /Timestamp converter/ })).toHaveAttribute(
      'href',
      '/developers/tools/timestamp-converter',
    )
  })
})
