import { ShieldAlert } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ReportQueue } from '@/components/report-queue.tsx'
import { Card } from '@/components/ui/card.tsx'
import type { ReportCaseState } from '@/lib/api/types.ts'
import { useCloseGroupReport } from '../api/close-report.ts'
import { useGroupHome } from '../api/get-group-home.ts'
import { useGroupReports } from '../api/list-reports.ts'

const GROUP_ACTIONS = ['dismiss', 'hide', 'delete', 'ban'] as const

/** `/group/{id}/reports`: the group's report queue, for its owner and admins. */
export function GroupReportsPage({ groupId }: { groupId: string }) {
  const { t } = useTranslation('reports')
  const home = useGroupHome(groupId)
  const [state, setState] = useState<ReportCaseState>('open')
  const canManage = home.data?.group.canManage === true
  const query = useGroupReports(groupId, state, canManage)
  const close = useCloseGroupReport(groupId)
  if (!home.data) return null
  if (!canManage)
    return (
      <Card className="flex max-w-3xl items-start gap-3">
        <ShieldAlert aria-hidden="true" className="size-6 shrink-0 text-warning" />
        <p>{t('queue.forManagers')}</p>
      </Card>
    )
  return (
    <section aria-labelledby="group-reports-title" className="grid max-w-3xl gap-4">
      <div className="grid gap-1">
        <h2 id="group-reports-title" className="text-xl font-semibold">
          {t('queue.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('queue.groupLead')}</p>
      </div>
      <ReportQueue
        state={state}
        onStateChange={setState}
        query={query}
        actions={GROUP_ACTIONS}
        close={(caseId, body) => close.mutateAsync({ caseId, body })}
      />
    </section>
  )
}
