// One toast: its message, details, countdown and the browsing among several toasts (lazy:
// see toaster.tsx).
import { useSetAtom } from 'jotai'
import { ChevronLeft, ChevronRight, CircleAlert, CircleCheck, TriangleAlert, X } from 'lucide-react'
/** One toast: its message, details, countdown and the browsing among several (lazy: see toaster.tsx). */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  clearToastsAtom,
  nextToastAtom,
  previousToastAtom,
  removeToastAtom,
  TOAST_COUNTDOWN_TICK_MS,
  type Toast,
  type ToastType,
} from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'
import { Button } from './ui/button.tsx'

const icons: Record<ToastType, typeof CircleCheck> = {
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleAlert,
}

const tones: Record<ToastType, { icon: string; bar: string }> = {
  success: { icon: 'text-success', bar: 'bg-success' },
  warning: { icon: 'text-warning', bar: 'bg-warning' },
  error: { icon: 'text-error', bar: 'bg-error' },
}

function remainingFraction(toast: Toast, now: number): number {
  return Math.min(1, Math.max(0, 1 - (now - toast.timestamp) / toast.duration))
}

/** The bar under a toast, recomputed once per second (spec §2.6). */
function Countdown({ toast }: { toast: Toast }) {
  const { t } = useTranslation()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TOAST_COUNTDOWN_TICK_MS)
    return () => clearInterval(timer)
  }, [])
  const fraction = remainingFraction(toast, now)
  return (
    <div
      role="progressbar"
      aria-label={t('toast.timeLeft')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(fraction * 100)}
      className="h-1 w-full overflow-hidden bg-muted"
    >
      <div
        className={cn('h-full transition-[width] duration-1000 ease-linear', tones[toast.type].bar)}
        style={{ width: `${fraction * 100}%` }}
      />
    </div>
  )
}

export function ToastCard({ toast, index, total }: { toast: Toast; index: number; total: number }) {
  const { t } = useTranslation()
  const remove = useSetAtom(removeToastAtom)
  const next = useSetAtom(nextToastAtom)
  const previous = useSetAtom(previousToastAtom)
  const clear = useSetAtom(clearToastsAtom)
  const [detailsOpen, setDetailsOpen] = useState(false)
  const Icon = icons[toast.type]

  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      className="pointer-events-auto w-full max-w-sm animate-dialog-in overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-lg"
    >
      <div className="flex items-start gap-3 p-3">
        <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', tones[toast.type].icon)} />
        <div className="min-w-0 flex-1">
          <p className="sr-only">{t(`toast.types.${toast.type}`)}</p>
          <p className="text-sm wrap-anywhere">{toast.message}</p>
          {toast.details && (
            <>
              <button
                type="button"
                className="mt-1 text-xs text-muted-foreground underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-expanded={detailsOpen}
                onClick={() => setDetailsOpen((open) => !open)}
              >
                {detailsOpen ? t('toast.hideDetails') : t('toast.showDetails')}
              </button>
              {detailsOpen && (
                <pre
                  tabIndex={0}
                  className="mt-1 max-h-32 overflow-auto rounded bg-muted p-2 font-mono text-xs whitespace-pre-wrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {toast.details}
                </pre>
              )}
            </>
          )}
        </div>
        <Button
          variant="ghost"
          size="xs"
          iconOnly
          aria-label={t('toast.dismiss')}
          onClick={() => remove(toast.id)}
        >
          <X />
        </Button>
      </div>
      {total > 1 && (
        <div className="flex items-center justify-between gap-2 border-t px-3 py-1.5">
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="xs"
              iconOnly
              aria-label={t('toast.previous')}
              disabled={index === 0}
              onClick={previous}
            >
              <ChevronLeft className="rtl:rotate-180" />
            </Button>
            <span className="text-xs text-muted-foreground tabular-nums">
              {t('toast.position', { current: index + 1, total })}
            </span>
            <Button
              variant="ghost"
              size="xs"
              iconOnly
              aria-label={t('toast.next')}
              disabled={index === total - 1}
              onClick={next}
            >
              <ChevronRight className="rtl:rotate-180" />
            </Button>
          </div>
          <Button variant="ghost" size="xs" onClick={clear}>
            {t('toast.clearAll')}
          </Button>
        </div>
      )}
      <Countdown toast={toast} />
    </div>
  )
}
