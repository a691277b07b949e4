import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { ReportQueue } from '@/components/report-queue.tsx'
import type { ReportCaseState } from '@/lib/api/types.ts'
import { useCloseReport } from '../api/close-report.ts'
import { useSiteReports } from '../api/list-reports.ts'

const SITE_ACTIONS = ['dismiss', 'hide', 'delete', 'ban', 'disable'] as const

/** `/admin/reports`: the site's report queue (docs/moderation.md "Reports"). */
export function ReportsPage() {
  const { t } = useTranslation('reports')
  const [state, setState] = useState<ReportCaseState>('open')
  const query = useSiteReports(state)
  const close = useCloseReport()
  return (
    <div className="grid gap-6">
      <PageHeader title={t('queue.title')} description={t('queue.lead')} />
      <ReportQueue
        state={state}
        onStateChange={setState}
        query={query}
        actions={SITE_ACTIONS}
        close={(caseId, body) => close.mutateAsync({ caseId, body })}
      />
    </div>
  )
}
