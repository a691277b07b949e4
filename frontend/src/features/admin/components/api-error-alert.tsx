import { RotateCw } from 'lucide-react'
import { Trans, useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { cn } from '@/lib/utils.ts'

function isWechatNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'wechat_not_configured'
}

/** Which settings configure WeChat; shown wherever WeChat is not configured. */
export function WechatSettingsHint() {
  const { t } = useTranslation('admin')
  return (
    <p className="mt-1">
      <Trans
        t={t}
        i18nKey="wechat.notConfiguredBody"
        components={{ code: <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs" /> }}
      />
    </p>
  )
}

/**
 * A failed call, with the server's message as it came (it is already in the interface
 * language); WeChat not being configured also says how to configure it.
 */
export function ApiErrorAlert({
  error,
  title,
  onRetry,
  className,
}: {
  error: unknown
  title?: string
  onRetry?: () => void
  className?: string
}) {
  const { t } = useTranslation('admin')
  const notConfigured = isWechatNotConfigured(error)
  return (
    <Alert tone={notConfigured ? 'warning' : 'error'} className={cn('grid gap-2', className)}>
      <div>
        {(notConfigured || title) && (
          <p className="font-medium">{notConfigured ? t('wechat.notConfiguredTitle') : title}</p>
        )}
        <p>{errorMessage(error)}</p>
        {notConfigured && <WechatSettingsHint />}
      </div>
      {onRetry && (
        <div>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {t('common.retry')}
          </Button>
        </div>
      )}
    </Alert>
  )
}
