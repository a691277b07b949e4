import { Link } from '@tanstack/react-router'
import {
  Bot,
  ChevronRight,
  Database,
  KeyRound,
  MessageSquareText,
  PanelBottom,
  Users,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useOverview } from '../api/get-overview.ts'
import type { OverviewResponse, SmsProvider } from '@/lib/api/types.ts'
import { ApiErrorAlert } from './api-error-alert.tsx'
import { formatNumber } from '@/lib/format.ts'
import { PageHeader } from '@/components/page-header.tsx'

const SMS_TONES: Record<SmsProvider, 'success' | 'warning' | 'neutral'> = {
  aliyun: 'success',
  log: 'warning',
  none: 'neutral',
}

export function AdminOverviewPage() {
  const { t } = useTranslation('admin')
  const overview = useOverview()

  return (
    <div className="grid gap-6">
      <PageHeader title={t('overview.title')} description={t('overview.description')} />
      {overview.data ? (
        <OverviewFigures overview={overview.data} />
      ) : overview.isError ? (
        <ApiErrorAlert
          error={overview.error}
          title={t('common.loadFailed')}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <Spinner className="size-6 text-muted-foreground" />
      )}
      <section aria-labelledby="admin-wechat-tools" className="grid gap-3">
        <h2 id="admin-wechat-tools" className="text-lg font-semibold">
          {t('overview.wechatTools')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-2">
          <li>
            <ToolLink
              to="/admin/wechat/token"
              icon={<KeyRound aria-hidden="true" className="size-7 shrink-0 text-secondary" />}
              title={t('overview.tokenCard.title')}
              body={t('overview.tokenCard.body')}
            />
          </li>
          <li>
            <ToolLink
              to="/admin/wechat/menu"
              icon={<PanelBottom aria-hidden="true" className="size-7 shrink-0 text-secondary" />}
              title={t('overview.menuCard.title')}
              body={t('overview.menuCard.body')}
            />
          </li>
        </ul>
      </section>
    </div>
  )
}

function OverviewFigures({ overview }: { overview: OverviewResponse }) {
  const { t } = useTranslation('admin')
  const { database, sms, wechat, llm } = overview.integrations
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <Card aria-labelledby="admin-users">
        <div className="flex items-center gap-2 text-muted-foreground">
          <Users aria-hidden="true" className="size-5" />
          <h2 id="admin-users" className="text-sm font-medium">
            {t('overview.users')}
          </h2>
        </div>
        <p className="mt-3 text-4xl font-bold tabular-nums">{formatNumber(overview.users)}</p>
      </Card>
      <Card aria-labelledby="admin-integrations">
        <CardTitle id="admin-integrations">{t('overview.integrations.title')}</CardTitle>
        <CardDescription>{t('overview.integrations.description')}</CardDescription>
        <dl className="mt-4 divide-y rounded-lg border text-sm">
          <IntegrationRow
            icon={<Database aria-hidden="true" className="size-4" />}
            label={t('overview.integrations.database')}
          >
            <Badge tone="info">{t(`overview.database.${database}`)}</Badge>
          </IntegrationRow>
          <IntegrationRow
            icon={<MessageSquareText aria-hidden="true" className="size-4" />}
            label={t('overview.integrations.sms')}
          >
            <Badge tone={SMS_TONES[sms]}>{t(`overview.sms.${sms}`)}</Badge>
          </IntegrationRow>
          <IntegrationRow
            icon={<PanelBottom aria-hidden="true" className="size-4" />}
            label={t('overview.integrations.wechat')}
          >
            <Badge tone={wechat ? 'success' : 'neutral'}>
              {wechat ? t('wechat.configured') : t('wechat.notConfigured')}
            </Badge>
          </IntegrationRow>
          <IntegrationRow
            icon={<Bot aria-hidden="true" className="size-4" />}
            label={t('overview.integrations.llm')}
          >
            <Badge tone={llm ? 'success' : 'neutral'}>
              {llm === 'deepseek'
                ? t('overview.llm.deepseek')
                : llm
                  ? t('overview.llm.compatible')
                  : t('overview.llm.none')}
            </Badge>
          </IntegrationRow>
        </dl>
      </Card>
    </div>
  )
}

function IntegrationRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode
  label: string
  children: ReactNode
}) {
  return (
    <div className="flex items-center justify-between gap-3 px-3 py-2.5">
      <dt className="flex items-center gap-2 text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  )
}

function ToolLink({
  to,
  icon,
  title,
  body,
}: {
  to: '/admin/wechat/token' | '/admin/wechat/menu'
  icon: ReactNode
  title: string
  body: string
}) {
  return (
    <Link
      to={to}
      className="flex h-full items-center gap-4 rounded-xl border bg-card p-4 text-card-foreground transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:p-5"
    >
      {icon}
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="mt-0.5 block text-sm text-muted-foreground">{body}</span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 text-muted-foreground rtl:rotate-180" />
    </Link>
  )
}
