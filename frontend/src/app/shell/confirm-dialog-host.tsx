import { useAtomValue } from 'jotai'
import { lazy, Suspense } from 'react'
import { confirmStateAtom } from '@/lib/confirm.ts'

const ConfirmDialog = lazy(() =>
  import('@/components/confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
)

/** Mounts the confirm dialog (and loads its code) only while one is shown or closing. */
export function ConfirmDialogHost() {
  const { open, title } = useAtomValue(confirmStateAtom)
  if (!open && !title) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  )
}
