import { lazy, Suspense } from 'react'
import { useSession } from '@/lib/session.ts'

// The bell, its count and the live stream are for signed-in users only: their code is a chunk
// of its own, not in the first page's JS (docs/frontend.md, "Budget").
const loadBell = () => import('./bell.tsx')
const LazyBell = lazy(() => loadBell().then((module) => ({ default: module.Bell })))
const LazyMeBadge = lazy(() => loadBell().then((module) => ({ default: module.MeBadge })))

/** The header's bell, signed in only (one line in app/shell/header.tsx). */
export function NotificationBell() {
  const { user } = useSession()
  if (!user) return null
  return (
    <Suspense fallback={<span aria-hidden="true" className="size-10 max-md:size-11" />}>
      <LazyBell userId={user.id} />
    </Suspense>
  )
}

/** The unread count on the phone's Me tab, signed in only (app/shell/tab-bar.tsx). */
export function MeTabBadge() {
  const { user } = useSession()
  if (!user) return null
  return (
    <Suspense fallback={null}>
      <LazyMeBadge />
    </Suspense>
  )
}
