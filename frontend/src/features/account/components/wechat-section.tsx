import { MessageCircle } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { useToast } from '@/lib/toast.ts'
import type { User } from '@/lib/user.ts'
import { useBindWechat } from '@/lib/api/bind-wechat.ts'
import { useUnbindWechat } from '@/lib/api/unbind-wechat.ts'

interface WechatSectionProps {
  user: User
  /** This browser proved a WeChat openid that no account has yet. */
  bindableOpenId: boolean
  /** This browser's WeChat belongs to another account. */
  linkedToOther: boolean
}

/** Whether WeChat is linked; unbind (with confirmation) or bind this browser's WeChat. */
export function WechatSection({ user, bindableOpenId, linkedToOther }: WechatSectionProps) {
  const { t } = useTranslation('account')
  const toast = useToast()
  const confirm = useConfirm()
  const bind = useBindWechat()
  const unbind = useUnbindWechat()
  const [error, setError] = useState<string | null>(null)

  const askToUnbind = () => {
    setError(null)
    confirm({
      type: 'confirm',
      title: t('wechat.unbindTitle'),
      description: t('wechat.unbindDescription'),
      confirmLabel: t('wechat.unbind'),
      destructive: true,
      onConfirm: () =>
        unbind.mutateAsync().then(
          (response) => void toast.success(response.message || t('wechat.unbound')),
          // 409 last_sign_in_method: the server says why it is the only way left to log in.
          (failure: unknown) => setError(errorMessage(failure, t('wechat.unbindFailed'))),
        ),
    })
  }

  const bindThisWechat = () => {
    setError(null)
    bind.mutate(undefined, {
      onSuccess: (response) => void toast.success(response.message || t('wechat.bound')),
      onError: (failure) => setError(errorMessage(failure, t('wechat.bindFailed'))),
    })
  }

  return (
    <Card aria-labelledby="account-wechat-title">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <CardTitle id="account-wechat-title">{t('wechat.title')}</CardTitle>
        {user.wechatLinked ? (
          <Badge tone="success">{t('wechat.linked')}</Badge>
        ) : (
          <Badge>{t('wechat.notLinked')}</Badge>
        )}
      </div>
      <CardDescription>
        {user.wechatLinked
          ? t('wechat.linkedDescription')
          : bindableOpenId
            ? t('wechat.bindableDescription')
            : linkedToOther
              ? t('wechat.linkedToOther')
              : t('wechat.openInWechat')}
      </CardDescription>
      {error && <Alert className="mt-4">{error}</Alert>}
      {user.wechatLinked ? (
        <Button variant="outline" className="mt-5" loading={unbind.isPending} onClick={askToUnbind}>
          {t('wechat.unbind')}
        </Button>
      ) : bindableOpenId ? (
        <Button className="mt-5" loading={bind.isPending} onClick={bindThisWechat}>
          <MessageCircle aria-hidden="true" />
          {t('wechat.bind')}
        </Button>
      ) : null}
    </Card>
  )
}
