import { Link } from '@tanstack/react-router'
import {
  AlertTriangle,
  Bot,
  CheckCircle2,
  ChevronRight,
  CloudSun,
  Database,
  HardDrive,
  KeyRound,
  MessageSquareText,
  PanelBottom,
  ScrollText,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useOverview } from '../api/get-overview.ts'
import type { AuditEvent, OverviewResponse, SmsProvider } from '@/lib/api/types.ts'
import { ApiErrorAlert } from './api-error-alert.tsx'
import { formatDateTime, formatNumber } from '@/lib/format.ts'
import { PageHeader } from '@/components/page-header.tsx'
import { displayLanguage, intlLocale } from '@/lib/i18n.ts'
import { humanBytes, parseId } from './gallery-model.ts'
import { ActionLabel } from './logs-page.tsx'

type LastAttempts = OverviewResponse['integrations']['lastAttempts']
type Attempt = LastAttempts['sms']

const SMS_TONES: Record<SmsProvider, 'info' | 'warning' | 'neutral'> = {
  aliyun: 'info',
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
  const { database, sms, wechat, llm, weather, mediaStore, lastAttempts } = overview.integrations
  const c = overview.counts
  const figures = [
    ['users', formatNumber(c.users)],
    ['groups', formatNumber(c.groups)],
    ['plazaPosts', formatNumber(c.plazaPosts)],
    ['articles', formatNumber(c.articles)],
    ['mediaFiles', formatNumber(c.mediaFiles)],
    ['storage', humanBytes(c.storageBytes, intlLocale(displayLanguage()))],
  ] as const
  return (
    <div className="grid gap-4">
      <section aria-labelledby="admin-counts" className="grid gap-3">
        <h2 id="admin-counts" className="text-lg font-semibold">
          {t('overview.counts.title')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
          {figures.map(([key, value]) => (
            <div key={key} className="rounded-xl border bg-card p-4 text-card-foreground">
              <dt className="text-sm text-muted-foreground">{t(`overview.counts.${key}`)}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={`count-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <LatestEvents events={overview.latestEvents} />
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
              state={
                <AttemptState name="sms" configured={sms !== 'none'} attempt={lastAttempts.sms} />
              }
            >
              <Badge tone={SMS_TONES[sms]}>{t(`overview.sms.${sms}`)}</Badge>
            </IntegrationRow>
            <IntegrationRow
              icon={<PanelBottom aria-hidden="true" className="size-4" />}
              label={t('overview.integrations.wechat')}
              state={
                <AttemptState name="wechat" configured={wechat} attempt={lastAttempts.wechat} />
              }
            >
              <Badge tone={wechat ? 'info' : 'neutral'}>
                {wechat ? t('wechat.configured') : t('wechat.notConfigured')}
              </Badge>
            </IntegrationRow>
            <IntegrationRow
              icon={<Bot aria-hidden="true" className="size-4" />}
              label={t('overview.integrations.llm')}
              state={
                <AttemptState name="llm" configured={llm !== null} attempt={lastAttempts.llm} />
              }
            >
              <Badge tone={llm ? 'info' : 'neutral'}>
                {llm === 'deepseek'
                  ? t('overview.llm.deepseek')
                  : llm
                    ? t('overview.llm.compatible')
                    : t('overview.llm.none')}
              </Badge>
            </IntegrationRow>
            <IntegrationRow
              icon={<CloudSun aria-hidden="true" className="size-4" />}
              label={t('overview.integrations.weather')}
              state={
                <AttemptState name="weather" configured={weather} attempt={lastAttempts.weather} />
              }
            >
              <Badge tone={weather ? 'info' : 'neutral'}>
                {weather ? t('overview.weather.on') : t('overview.weather.off')}
              </Badge>
            </IntegrationRow>
            <IntegrationRow
              icon={<HardDrive aria-hidden="true" className="size-4" />}
              label={t('overview.integrations.mediaStore')}
            >
              <Badge tone="info">{t(`overview.mediaStore.${mediaStore}`)}</Badge>
            </IntegrationRow>
          </dl>
        </Card>
      </div>
    </div>
  )
}

function LatestEvents({ events }: { events: AuditEvent[] }) {
  const { t } = useTranslation('admin')
  return (
    <Card aria-labelledby="admin-latest" className="grid content-start gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle id="admin-latest">{t('overview.latest.title')}</CardTitle>
          <CardDescription>{t('overview.latest.description')}</CardDescription>
        </div>
        <Link
          to="/admin/logs"
          className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ScrollText aria-hidden="true" className="size-4" />
          {t('overview.latest.all')}
        </Link>
      </div>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('overview.latest.empty')}</p>
      ) : (
        <ol className="divide-y rounded-lg border text-sm" data-testid="latest-events">
          {events.map((event) => (
            <li key={event.id} className="grid gap-0.5 px-3 py-2" data-action={event.action}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">
                  <ActionLabel action={event.action} />
                </span>
                <time dateTime={event.at} className="text-xs text-muted-foreground tabular-nums">
                  {formatDateTime(event.at)}
                </time>
              </div>
              <span className="truncate text-muted-foreground">
                {event.actorUsername
                  ? `@${event.actorUsername}`
                  : event.actorId
                    ? event.actorId.slice(0, 8)
                    : t('overview.latest.anonymous')}
                {event.target ? ` → ${shortTarget(event.target)}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}

/** A target that is an id, as its first 8 characters (the audit log shows the whole with copy). */
function shortTarget(target: string): string {
  const id = parseId(target)
  return id ? id.slice(0, 8) : target
}

function IntegrationRow({
  icon,
  label,
  children,
  state,
}: {
  icon: ReactNode
  label: string
  children: ReactNode
  /** What the integration last did, under its configuration. */
  state?: ReactNode
}) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-3 py-2.5">
      <dt className="flex items-center gap-2 text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd>{children}</dd>
      {state ? <dd className="col-span-2">{state}</dd> : null}
    </div>
  )
}

/**
 * An integration's real state: its last call by any server instance, how it ended and when, and
 * when one last succeeded — not its configuration (a configured service may fail every call).
 */
function AttemptState({
  name,
  configured,
  attempt,
}: {
  name: string
  configured: boolean
  attempt: Attempt
}) {
  const { t } = useTranslation('admin')
  if (!attempt) {
    return (
      <p
        className="text-xs text-muted-foreground"
        data-testid={`attempt-${name}`}
        data-state="none"
      >
        {configured ? t('overview.attempt.never') : t('overview.attempt.notConfigured')}
      </p>
    )
  }
  const failed = !attempt.ok
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground"
      data-testid={`attempt-${name}`}
      data-state={failed ? 'failed' : 'ok'}
    >
      <Badge tone={failed ? 'error' : 'success'}>
        {failed ? (
          <AlertTriangle aria-hidden="true" className="size-3" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="size-3" />
        )}
        {failed
          ? t('overview.attempt.failed', {
              reason: t(`overview.failure.${attempt.error ?? 'unexpected'}`),
            })
          : t('overview.attempt.ok')}
      </Badge>
      <span>
        {t('overview.attempt.lastCall')}{' '}
        <time dateTime={attempt.at} className="tabular-nums">
          {formatDateTime(attempt.at)}
        </time>
      </span>
      {failed ? (
        <span>
          {attempt.lastSuccessAt ? (
            <>
              {t('overview.attempt.lastSuccess')}{' '}
              <time dateTime={attempt.lastSuccessAt} className="tabular-nums">
                {formatDateTime(attempt.lastSuccessAt)}
              </time>
            </>
          ) : (
            t('overview.attempt.neverSucceeded')
          )}
        </span>
      ) : null}
    </p>
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
