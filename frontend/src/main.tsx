import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAppRouter, preloadFirstPage } from './app/router.tsx'
import { loadUserMenu } from './app/shell/account-control.tsx'
import './index.css'
import { installChunkErrorReload } from './lib/build-update.ts'
import { initI18n, readLanguagePreference, resolveLanguage } from './lib/i18n.ts'
import { installFetchGuard } from './lib/navigation.ts'
import { createQueryClient } from './lib/query-client.ts'
import { sessionQueryKey, sessionQueryOptions, type SessionState } from './lib/session.ts'

installFetchGuard()
installChunkErrorReload()

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
const messagesReady = initI18n(
  resolveLanguage(readLanguagePreference(document.cookie), navigator.language),
)
// Auth initialisation (spec §4.1), the route rules and the first page's code load while the
// messages do, and so does the avatar menu's lazy chunk once the session has a user.
void queryClient.prefetchQuery(sessionQueryOptions()).then(() => {
  // A chunk that fails here fails again when the menu renders, which handles it.
  if (queryClient.getQueryData<SessionState>(sessionQueryKey)?.user) loadUserMenu().catch(() => {})
})
preloadFirstPage(router)
await messagesReady

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
