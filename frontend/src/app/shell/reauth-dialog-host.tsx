import { useAtomValue } from 'jotai'
import { lazy, Suspense } from 'react'
import { reauthRequestAtom } from '@/lib/reauth.ts'

const ReauthDialog = lazy(() =>
  import('@/components/reauth-dialog.tsx').then((module) => ({ default: module.ReauthDialog })),
)

/** Mounts "Confirm it's you" (and loads its code) only while a call asks for it. */
export function ReauthDialogHost() {
  const request = useAtomValue(reauthRequestAtom)
  if (!request) return null
  return (
    <Suspense fallback={null}>
      <ReauthDialog />
    </Suspense>
  )
}
