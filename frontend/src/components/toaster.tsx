import { useAtomValue } from 'jotai'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { currentToastAtom } from '@/lib/toast.ts'

// The card comes with the first toast: most pages never show one, and the first page's JS has
// no room for it (docs/frontend.md, "Budget"). The live region itself is there from the start,
// so the first toast is announced as every later one is.
const ToastCard = lazy(() =>
  import('./toast-card.tsx').then((module) => ({ default: module.ToastCard })),
)

/** One toast at a time, with next/previous browsing and clear-all (spec §2.6, §4.6). */
export function Toaster() {
  const { t } = useTranslation()
  const current = useAtomValue(currentToastAtom)
  return (
    <section
      aria-label={t('toast.region')}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-[var(--tab-bar-space,0px)] z-[2000] flex justify-center p-3 md:inset-x-auto md:end-4 md:bottom-4 md:p-0"
    >
      {current && (
        <Suspense fallback={null}>
          <ToastCard key={current.toast.id} {...current} />
        </Suspense>
      )}
    </section>
  )
}
