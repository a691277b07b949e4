import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createBrowserHistory,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore, Provider } from 'jotai'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ConfirmDialog } from '@/components/confirm-dialog.tsx'
import { useLeaveGuard } from './leave-guard.ts'

function Form() {
  const [text, setText] = useState('')
  useLeaveGuard({ when: text !== '' })
  return (
    <>
      <label>
        Note
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/plaza">Other page</Link>
      <Link to="/" search={{ tab: 'b' }}>
        Same page
      </Link>
    </>
  )
}

function renderForm(browser = false) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ConfirmDialog />
      </>
    ),
  })
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: Form }),
    createRoute({
      getParentRoute: () => root,
      path: '/plaza',
      component: () => <h1>Other</h1>,
    }),
  ])
  const router = createRouter({
    routeTree,
    // The browser's history is the one that listens for `beforeunload`.
    history: browser ? createBrowserHistory() : createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </Provider>,
  )
  return { router, user: userEvent.setup() }
}

describe('useLeaveGuard', () => {
  it('lets a page without unsaved work go at once', async () => {
    const { user } = renderForm()
    await user.click(await screen.findByRole('link', { name: 'Other page' }))
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeVisible()
  })

  it('asks before leaving with unsaved text: Stay keeps the page, Leave goes', async () => {
    const { user, router } = renderForm()
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'half a thought')

    // The same page with another search is no leaving.
    await user.click(screen.getByRole('link', { name: 'Same page' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'b' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()

    await user.click(screen.getByRole('link', { name: 'Other page' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' })
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/')
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('half a thought')

    await user.click(screen.getByRole('link', { name: 'Other page' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' })
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeVisible()
  })

  it('asks the browser before a reload only while something is unsaved', async () => {
    window.history.replaceState(null, '', '/')
    const { user } = renderForm(true)
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    await screen.findByRole('textbox', { name: 'Note' })
    expect(unload()).toBe(false)
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'x')
    expect(unload()).toBe(true)
  })
})
