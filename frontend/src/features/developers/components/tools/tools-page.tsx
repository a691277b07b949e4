import { Link } from '@tanstack/react-router'
import { ChevronRight, Clock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'

/** `/developers/tools`: the small tools (one for now). */
export function ToolsPage() {
  const { t } = useTranslation('developers')
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t('tools.title')} description={t('tools.description')} />
      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <Link
            to="/developers/tools/timestamp-converter"
            className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Clock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{t('tools.timestamp.title')}</span>
              <span className="mt-1 block text-sm text-muted-foreground">
                {t('tools.timestamp.summary')}
              </span>
            </span>
            <ChevronRight
              aria-hidden="true"
              className="size-5 shrink-0 text-muted-foreground rtl:rotate-180"
            />
          </Link>
        </li>
      </ul>
    </div>
  )
}
