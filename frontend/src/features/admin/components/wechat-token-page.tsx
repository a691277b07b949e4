import { RotateCw } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { useToast } from '@/lib/toast.ts'
import { useWechatToken } from '../api/get-wechat-token.ts'
import { useRefreshWechatToken } from '../api/refresh-wechat-token.ts'
import type { WechatTokenState, WechatTokenStateName } from '@/lib/api/types.ts'
import { ApiErrorAlert, WechatSettingsHint } from './api-error-alert.tsx'
import { formatDateTime, formatNumber, formatRelative, parseTime } from '@/lib/format.ts'
import { PageHeader } from '@/components/page-header.tsx'
import { useNow } from './use-now.ts'

const STATE_TONES: Record<WechatTokenStateName, 'neutral' | 'success' | 'warning' | 'error'> = {
  missing: 'neutral',
  fresh: 'success',
  expiring: 'warning',
  expired: 'error',
}

/** When a refused refresh may be tried again: the body's nextForceRefreshAt, else retryAfter. */
function retryTimeOf(error: ApiError, now: number): number | null {
  const next = parseTime(
    typeof error.body.nextForceRefreshAt === 'string' ? error.body.nextForceRefreshAt : null,
  )
  if (next !== null) return next
  const seconds = Number(error.body.retryAfter)
  return Number.isFinite(seconds) && seconds > 0 ? now + seconds * 1000 : null
}

export function WechatTokenPage() {
  const { t } = useTranslation('admin')
  const token = useWechatToken()

  return (
    <div className="grid gap-6">
      <PageHeader title={t('token.title')} description={t('token.description')} />
      {token.isError && (
        <ApiErrorAlert
          error={token.error}
          title={token.data ? t('token.updateFailed') : t('common.loadFailed')}
          onRetry={() => void token.refetch()}
        />
      )}
      {token.data ? (
        <TokenDetails token={token.data} updatedAt={token.dataUpdatedAt} />
      ) : (
        token.isPending && <Spinner className="size-6 text-muted-foreground" />
      )}
    </div>
  )
}

function TokenDetails({ token, updatedAt }: { token: WechatTokenState; updatedAt: number }) {
  const { t } = useTranslation('admin')
  const now = useNow(1000)
  const refresh = useRefreshWechatToken()
  const confirm = useConfirm()
  const toast = useToast()
  const [refusal, setRefusal] = useState<{ message: string; until: number | null } | null>(null)

  const expiresAt = parseTime(token.expiresAt)
  const nextAllowed = Math.max(parseTime(token.nextForceRefreshAt) ?? 0, refusal?.until ?? 0)
  const waiting = nextAllowed > now
  const exhausted = token.forceRefreshesLeftToday <= 0
  const canRefresh = token.configured && !exhausted && !waiting

  const forceRefresh = () =>
    confirm({
      type: 'confirm',
      title: t('token.refresh.confirmTitle'),
      description: t('token.refresh.confirmBody'),
      confirmLabel: t('token.refresh.confirm'),
      onConfirm: () =>
        refresh.mutateAsync().then(
          (response) => {
            setRefusal(null)
            toast.success(response.message || t('token.refresh.done'))
          },
          (error: unknown) => {
            const message = errorMessage(error)
            const until =
              error instanceof ApiError && error.status === 429
                ? retryTimeOf(error, Date.now())
                : null
            setRefusal({ message, until })
          },
        ),
    })

  return (
    <div className="grid gap-6">
      {!token.configured && (
        <Alert tone="warning">
          <p className="font-medium">{t('wechat.notConfiguredTitle')}</p>
          <WechatSettingsHint />
        </Alert>
      )}

      <Card aria-labelledby="token-status">
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle id="token-status">{t('token.status')}</CardTitle>
          <Badge tone={STATE_TONES[token.state]}>
            <span className="size-2 rounded-full bg-current" aria-hidden="true" />
            {t(`token.states.${token.state}`)}
          </Badge>
        </div>
        <CardDescription>
          {t('token.autoUpdate', { time: formatDateTime(new Date(updatedAt).toISOString(), true) })}
        </CardDescription>

        <dl className="mt-5 grid gap-x-6 gap-y-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          <Row label={t('token.fields.token')}>
            {token.maskedToken ? (
              <>
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono break-all">
                  {token.maskedToken}
                </code>
                <span className="mt-1 block text-xs text-muted-foreground">
                  {t('token.maskedNote')}
                </span>
              </>
            ) : (
              <Empty />
            )}
          </Row>
          <Row label={t('token.fields.appId')}>
            {token.appId ? <code className="font-mono break-all">{token.appId}</code> : <Empty />}
          </Row>
          <Row label={t('token.fields.obtainedAt')}>
            {token.obtainedAt ? <Time iso={token.obtainedAt} /> : <Empty />}
          </Row>
          <Row label={t('token.fields.expiresAt')}>
            {token.expiresAt && expiresAt !== null ? (
              <>
                <Time iso={token.expiresAt} />
                <span className="ms-2 text-muted-foreground">
                  {expiresAt > now
                    ? t('token.expiresIn', { relative: formatRelative(expiresAt, now) })
                    : t('token.expiredAgo', { relative: formatRelative(expiresAt, now) })}
                </span>
              </>
            ) : (
              <Empty />
            )}
          </Row>
          <Row label={t('token.fields.lastError')}>
            {token.lastError ? (
              <span className="text-error">
                <span className="wrap-anywhere">{token.lastError}</span>
                {token.lastErrorAt && (
                  <span className="mt-0.5 block text-xs text-muted-foreground">
                    <Time iso={token.lastErrorAt} />
                  </span>
                )}
              </span>
            ) : (
              <span className="text-muted-foreground">{t('token.noError')}</span>
            )}
          </Row>
        </dl>
      </Card>

      <Card aria-labelledby="token-refresh">
        <CardTitle id="token-refresh">{t('token.refresh.title')}</CardTitle>
        <CardDescription>{t('token.refresh.description')}</CardDescription>
        <dl className="mt-5 grid gap-x-6 gap-y-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          <Row label={t('token.fields.refreshesLeft')}>
            <span className="tabular-nums">{formatNumber(token.forceRefreshesLeftToday)}</span>
          </Row>
          <Row label={t('token.fields.nextRefresh')}>
            {waiting ? (
              <>
                <Time iso={new Date(nextAllowed).toISOString()} seconds />
                <span className="ms-2 text-muted-foreground">
                  {formatRelative(nextAllowed, now)}
                </span>
              </>
            ) : exhausted ? (
              <span className="text-muted-foreground">{t('token.refresh.exhausted')}</span>
            ) : (
              <span>{t('token.refresh.allowedNow')}</span>
            )}
          </Row>
        </dl>
        {refusal && (
          <Alert className="mt-5">
            <p className="font-medium">{t('token.refresh.failed')}</p>
            <p>{refusal.message}</p>
          </Alert>
        )}
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Button
            onClick={forceRefresh}
            disabled={!canRefresh}
            loading={refresh.isPending}
            aria-describedby={!canRefresh ? 'token-refresh-blocked' : undefined}
          >
            {!refresh.isPending && <RotateCw aria-hidden="true" />}
            {t('token.refresh.button')}
          </Button>
          {!canRefresh && (
            <span id="token-refresh-blocked" className="text-sm text-muted-foreground">
              {!token.configured
                ? t('wechat.notConfiguredTitle')
                : exhausted
                  ? t('token.refresh.exhausted')
                  : t('token.refresh.wait', { relative: formatRelative(nextAllowed, now) })}
            </span>
          )}
        </div>
      </Card>
    </div>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:contents">
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  )
}

function Time({ iso, seconds = false }: { iso: string; seconds?: boolean }) {
  return <time dateTime={iso}>{formatDateTime(iso, seconds)}</time>
}

function Empty() {
  const { t } = useTranslation('admin')
  return <span className="text-muted-foreground">{t('common.none')}</span>
}
