import { Monitor, Smartphone } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { formatDateTime } from '@/lib/format.ts'
import { useToast } from '@/lib/toast.ts'
import { useSessions } from '../api/list-sessions.ts'
import { useRevokeSession } from '../api/revoke-session.ts'
import type { DeviceSession } from '@/lib/api/types.ts'
import { summarizeUserAgent } from './user-agent.ts'

const MOBILE_SYSTEMS = new Set(['iOS', 'Android', 'HarmonyOS'])

export function SessionList() {
  const { t } = useTranslation('auth')
  const sessions = useSessions()
  const revoke = useRevokeSession()
  const confirm = useConfirm()
  const toast = useToast()

  const describe = (session: DeviceSession) => {
    const { browser, os } = summarizeUserAgent(session.userAgent)
    if (browser && os) return t('sessions.deviceSummary', { browser, os })
    return browser ?? os ?? t('sessions.unknownDevice')
  }

  const askToRevoke = (session: DeviceSession) => {
    const device = describe(session)
    confirm({
      type: 'confirm',
      title: t('sessions.revokeTitle'),
      description: session.current
        ? t('sessions.revokeCurrentDescription')
        : t('sessions.revokeDescription', { device }),
      confirmLabel: t('sessions.revoke'),
      destructive: true,
      onConfirm: () =>
        revoke.mutateAsync(session).then(
          (response) => void toast.success(response.message || t('sessions.revoked')),
          (error: unknown) =>
            void toast.error(t('sessions.revokeFailed', { message: errorMessage(error) })),
        ),
    })
  }

  return (
    <Card aria-labelledby="sessions-title">
      <CardTitle id="sessions-title">{t('sessions.title')}</CardTitle>
      <CardDescription>{t('sessions.description')}</CardDescription>
      <div className="mt-5">
        {sessions.isPending ? (
          <Spinner className="size-5 text-muted-foreground" />
        ) : sessions.isError ? (
          <Alert>{t('sessions.loadFailed', { message: errorMessage(sessions.error) })}</Alert>
        ) : sessions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sessions.empty')}</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {sessions.data.map((session) => {
              const device = describe(session)
              const os = summarizeUserAgent(session.userAgent).os
              const Icon = os && MOBILE_SYSTEMS.has(os) ? Smartphone : Monitor
              return (
                <li
                  key={session.id}
                  className="flex flex-col gap-3 p-4 md:flex-row md:items-center"
                >
                  <Icon
                    aria-hidden="true"
                    className="hidden size-6 shrink-0 text-muted-foreground md:block"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {device}
                      {session.current && <Badge tone="success">{t('sessions.thisDevice')}</Badge>}
                    </p>
                    <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-muted-foreground sm:grid-cols-[auto_1fr]">
                      <dt>{t('sessions.ip')}</dt>
                      <dd className="font-mono break-all">
                        {session.ip || t('sessions.unknownIp')}
                      </dd>
                      <dt>{t('sessions.createdAt')}</dt>
                      <dd>
                        <time dateTime={session.createdAt}>
                          {formatDateTime(session.createdAt)}
                        </time>
                      </dd>
                      <dt>{t('sessions.lastSeenAt')}</dt>
                      <dd>
                        <time dateTime={session.lastSeenAt}>
                          {formatDateTime(session.lastSeenAt)}
                        </time>
                      </dd>
                    </dl>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start md:self-center"
                    aria-label={t('sessions.revokeLabel', { device })}
                    onClick={() => askToRevoke(session)}
                  >
                    {t('sessions.revoke')}
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </Card>
  )
}
