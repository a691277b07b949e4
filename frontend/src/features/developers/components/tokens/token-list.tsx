import { Plus, RotateCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { useToast } from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'
import { useTokens } from '@/lib/api/list-tokens.ts'
import { useRevokeToken } from '../../api/revoke-token.ts'
import type { PatInfo, TokenState } from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'

const STATE_TONES: Record<TokenState, 'success' | 'warning' | 'neutral'> = {
  active: 'success',
  expired: 'warning',
  revoked: 'neutral',
}

/** The user's tokens, newest first; expired and revoked ones stay, greyed, with their last use. */
export function TokenList({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('developers')
  const tokens = useTokens()

  if (tokens.isPending) return <Spinner className="size-6 text-muted-foreground" />
  if (tokens.isError) {
    return (
      <Alert className="grid gap-2">
        <p>{t('tokens.loadFailed', { message: errorMessage(tokens.error) })}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void tokens.refetch()}>
            <RotateCw aria-hidden="true" />
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    )
  }
  if (tokens.data.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-6">
        <p className="text-sm text-muted-foreground">{t('tokens.empty')}</p>
        <Button variant="outline" onClick={onCreate}>
          <Plus aria-hidden="true" />
          {t('tokens.new')}
        </Button>
      </div>
    )
  }
  return (
    <ul aria-label={t('tokens.listLabel')} className="divide-y rounded-xl border bg-card">
      {tokens.data.map((token) => (
        <TokenRow key={token.id} token={token} />
      ))}
    </ul>
  )
}

function TokenRow({ token }: { token: PatInfo }) {
  const { t } = useTranslation('developers')
  const revoke = useRevokeToken()
  const confirm = useConfirm()
  const toast = useToast()
  const inactive = token.state !== 'active'

  const askToRevoke = () =>
    confirm({
      type: 'confirm',
      title: t('tokens.revoke.title'),
      description: t('tokens.revoke.body', { name: token.name }),
      confirmLabel: t('tokens.revoke.confirm'),
      destructive: true,
      onConfirm: () =>
        revoke.mutateAsync(token.id).then(
          () => void toast.success(t('tokens.revoke.done', { name: token.name })),
          (error: unknown) =>
            void toast.error(t('tokens.revoke.failed', { message: errorMessage(error) })),
        ),
    })

  return (
    <li
      aria-label={token.name}
      data-state={token.state}
      className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:gap-6"
    >
      {/* Greyed by colour, not opacity: the text keeps 4.5:1 contrast (axe-core, e2e). */}
      <div className={cn('min-w-0 flex-1', inactive && 'text-muted-foreground')}>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium break-all">{token.name}</span>
          <Badge tone={STATE_TONES[token.state]}>{t(`tokens.states.${token.state}`)}</Badge>
          <code className="font-mono text-xs text-muted-foreground">{token.hint}</code>
        </p>
        <ul aria-label={t('tokens.fields.scopes')} className="mt-2 flex flex-wrap gap-1.5">
          {token.scopes.map((scope) => (
            <li key={scope}>
              <Badge className="font-mono">{scope}</Badge>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-0.5 text-sm text-muted-foreground">
          <dt>{t('tokens.fields.createdAt')}</dt>
          <dd>
            <time dateTime={token.createdAt}>{formatDateTime(token.createdAt)}</time>
          </dd>
          <dt>
            {token.state === 'expired'
              ? t('tokens.fields.expiredAt')
              : t('tokens.fields.expiresAt')}
          </dt>
          <dd>
            {token.expiresAt ? (
              <time dateTime={token.expiresAt}>{formatDateTime(token.expiresAt)}</time>
            ) : (
              t('tokens.never')
            )}
          </dd>
          <dt>{t('tokens.fields.lastUsedAt')}</dt>
          <dd>
            {token.lastUsedAt ? (
              <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt)}</time>
            ) : (
              t('tokens.neverUsed')
            )}
          </dd>
          {token.revokedAt && (
            <>
              <dt>{t('tokens.fields.revokedAt')}</dt>
              <dd>
                <time dateTime={token.revokedAt}>{formatDateTime(token.revokedAt)}</time>
              </dd>
            </>
          )}
        </dl>
      </div>
      {token.state === 'active' && (
        <Button
          variant="destructive-outline"
          size="sm"
          className="self-start"
          aria-label={t('tokens.revoke.label', { name: token.name })}
          onClick={askToRevoke}
        >
          {t('tokens.revoke.button')}
        </Button>
      )}
    </li>
  )
}
