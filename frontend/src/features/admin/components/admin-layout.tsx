import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  Flag,
  Image,
  Images,
  KeyRound,
  LayoutDashboard,
  MapPinned,
  PanelBottom,
  ScrollText,
  Shapes,
  ShieldAlert,
  Type,
  type LucideIcon,
} from 'lucide-react'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorPage } from '@/components/error-page.tsx'
import { SectionLayout } from '@/components/section-layout.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { clearSession, sessionQueryKey, useLoginDialog, useSession } from '@/lib/session.ts'
import { adminKey, isAdminKey } from '../api/keys.ts'

const NAV_ITEMS: ReadonlyArray<{
  to:
    | '/admin'
    | '/admin/wechat/token'
    | '/admin/wechat/menu'
    | '/admin/districts'
    | '/admin/words'
    | '/admin/reports'
    | '/admin/gallery'
    | '/admin/logs'
    | '/admin/logo/preview1'
    | '/admin/logo/version1'
    | '/admin/logo/version2'
  label:
    | 'nav.overview'
    | 'nav.wechatToken'
    | 'nav.wechatMenu'
    | 'nav.districts'
    | 'nav.words'
    | 'nav.reports'
    | 'nav.gallery'
    | 'nav.logs'
    | 'nav.logoPreview'
    | 'nav.logoVersion1'
    | 'nav.logoVersion2'
  icon: LucideIcon
}> = [
  { to: '/admin', label: 'nav.overview', icon: LayoutDashboard },
  { to: '/admin/wechat/token', label: 'nav.wechatToken', icon: KeyRound },
  { to: '/admin/wechat/menu', label: 'nav.wechatMenu', icon: PanelBottom },
  { to: '/admin/districts', label: 'nav.districts', icon: MapPinned },
  { to: '/admin/words', label: 'nav.words', icon: ShieldAlert },
  { to: '/admin/reports', label: 'nav.reports', icon: Flag },
  { to: '/admin/gallery', label: 'nav.gallery', icon: Images },
  { to: '/admin/logs', label: 'nav.logs', icon: ScrollText },
  { to: '/admin/logo/preview1', label: 'nav.logoPreview', icon: Image },
  { to: '/admin/logo/version1', label: 'nav.logoVersion1', icon: Shapes },
  { to: '/admin/logo/version2', label: 'nav.logoVersion2', icon: Type },
]

/** The server's word that this account is not (or no longer) an admin. */
function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'forbidden'
}

function subscribeToQueries(queryClient: QueryClient) {
  return (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange)
}

/** Some admin query currently holds a 403 `forbidden` (e.g. the admin was demoted meanwhile). */
function hasForbiddenQuery(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: adminKey })
    .some((query) => isForbidden(query.state.error))
}

/**
 * Whether the server refused admin rights to the signed-in user: a query under the admin key in
 * a 403 `forbidden` state, or an admin mutation answered that way. Either also refreshes the
 * session so the header forgets the admin link; a 401 from a mutation signs the browser out
 * (queries already do that through the query client).
 */
function useAccessRevoked(userId: string | null) {
  const queryClient = useQueryClient()
  const subscribe = useMemo(() => subscribeToQueries(queryClient), [queryClient])
  const queryDenied = useSyncExternalStore(
    subscribe,
    () => hasForbiddenQuery(queryClient),
    () => false,
  )
  const [mutationDeniedFor, setMutationDeniedFor] = useState<string | null>(null)

  useEffect(() => {
    if (!userId) return
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return
      if (!isAdminKey(event.mutation.options.mutationKey)) return
      const { error } = event.action
      if (error instanceof ApiError && error.status === 401) clearSession(queryClient)
      else if (isForbidden(error)) setMutationDeniedFor(userId)
    })
  }, [queryClient, userId])

  const revoked = queryDenied || (userId !== null && mutationDeniedFor === userId)
  useEffect(() => {
    if (revoked) void queryClient.invalidateQueries({ queryKey: sessionQueryKey })
  }, [queryClient, revoked])
  /** Asks the server again: forgets the refusals and refetches the page's data. */
  const retry = () => {
    setMutationDeniedFor(null)
    void queryClient.resetQueries({ queryKey: adminKey })
  }
  return { revoked, retry }
}

/**
 * The admin console's frame and guard: admins get the console navigation (a sidebar on
 * desktop, scrollable tabs on phones) around the page; everyone else a 403 page, with a login
 * button for visitors. The server checks every /api/admin call as well.
 */
export function AdminLayout() {
  // The guard speaks from the main chunk's `errors` namespace: the `admin` messages load for
  // admins only (routes/admin/route.tsx, and AdminConsole below after a sign-in on this page).
  const { t } = useTranslation('errors')
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()
  const access = useAccessRevoked(user?.id ?? null)
  if (!initialized) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-6 text-muted-foreground" />
      </div>
    )
  }
  if (!user) {
    return (
      <ErrorPage
        status={403}
        statusMessage={t('adminForbidden.title')}
        description={t('adminForbidden.signedOut')}
        actions={<Button onClick={loginDialog.openLogin}>{t('adminForbidden.login')}</Button>}
      />
    )
  }
  if (user.role !== 'admin' || access.revoked) {
    return (
      <ErrorPage
        status={403}
        statusMessage={t('adminForbidden.title')}
        description={
          user.role === 'admin' ? t('adminForbidden.revoked') : t('adminForbidden.notAdmin')
        }
        actions={
          user.role === 'admin' ? (
            <Button onClick={access.retry}>{t('adminForbidden.retry')}</Button>
          ) : undefined
        }
      />
    )
  }

  return <AdminConsole />
}

/** The console's frame, once the `admin` messages are there (they load on first use). */
function AdminConsole() {
  const { t, ready } = useTranslation('admin')
  if (!ready) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-6 text-muted-foreground" />
      </div>
    )
  }
  return (
    <SectionLayout
      title={t('console')}
      navLabel={t('nav.label')}
      items={NAV_ITEMS.map((item) => ({ ...item, label: t(item.label), exact: true }))}
      indexMenu
    />
  )
}
