import { Flag } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { loadNamespace } from '@/lib/i18n.ts'
import { cn } from '@/lib/utils.ts'
import type { ReportSubject } from './report-dialog.tsx'

// The dialog and its words are a chunk of their own, fetched when someone reports.
const ReportDialog = lazy(() =>
  Promise.all([import('./report-dialog.tsx'), loadNamespace('reports')]).then(([module]) => ({
    default: module.ReportDialog,
  })),
)

/** The report dialog, loaded on first use: render it while a menu's "Report" is chosen. */
function LazyReportDialog(props: { subject: ReportSubject; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  )
}

/** An icon button "Report" where there is no menu (a plaza post's header, a profile). */
export function ReportButton({
  subject,
  className,
  withLabel = false,
  size = 'sm',
}: {
  subject: ReportSubject
  className?: string
  size?: 'xs' | 'sm'
  /** Shows the word beside the flag (from `sm` up). */
  withLabel?: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="ghost"
        size={size}
        iconOnly={!withLabel}
        onClick={() => setOpen(true)}
        aria-label={withLabel ? undefined : t('report')}
        title={t('report')}
        className={cn('text-muted-foreground', className)}
      >
        <Flag aria-hidden="true" />
        {withLabel && <span className="max-sm:sr-only">{t('report')}</span>}
      </Button>
      {open && <LazyReportDialog subject={subject} onClose={() => setOpen(false)} />}
    </>
  )
}
