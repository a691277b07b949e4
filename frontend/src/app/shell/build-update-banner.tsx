import { useAtom } from 'jotai'
import { RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { availableBuildAtom, useBuildUpdateCheck } from '@/lib/build-update.ts'

/** Offers a reload once a newer build has been deployed (spec §4.8). */
export function BuildUpdateBanner() {
  const { t } = useTranslation()
  useBuildUpdateCheck()
  const [availableBuild] = useAtom(availableBuildAtom)
  const [dismissed, setDismissed] = useState<string | null>(null)
  if (!availableBuild || dismissed === availableBuild) return null
  return (
    <div role="status" className="border-b bg-info-soft text-info">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="flex-1">{t('update.available')}</p>
        <div className="flex gap-2">
          <Button size="xs" variant="secondary" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            {t('update.reload')}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => setDismissed(availableBuild)}>
            {t('update.later')}
          </Button>
        </div>
      </div>
    </div>
  )
}
