import { MessageCircle } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { signInErrorMessage } from './sign-in-error.ts'
import type { User } from '@/lib/user.ts'
import { useLoginWithWechat } from '../api/login-with-wechat.ts'
import { useRegisterWithWechat } from '../api/register-with-wechat.ts'
import { FormError } from './form-error.tsx'
import { useFormError } from './use-form-error.ts'

interface WechatPanelProps {
  /** An account is linked to this browser's WeChat openid. */
  hasUser: boolean
  onSuccess: (user: User, details: { created: boolean }) => void
  /** Shows the login forms (another account, or an existing one to bind). */
  onUseAnother: () => void
}

/**
 * What the login dialog shows first in WeChat's in-app browser once the openid is known
 * (spec §2.3): log in with WeChat when linked, else create an account from the WeChat profile;
 * or use another account.
 */
export function WechatPanel({ hasUser, onSuccess, onUseAnother }: WechatPanelProps) {
  const { t } = useTranslation('auth')
  const login = useLoginWithWechat()
  const register = useRegisterWithWechat()
  const formError = useFormError()
  const [succeeded, setSucceeded] = useState(false)
  const pending = login.isPending || register.isPending

  const logIn = () => {
    if (pending || succeeded) return
    formError.clear()
    login.mutate(undefined, {
      onSuccess: (user) => {
        setSucceeded(true)
        onSuccess(user, { created: false })
      },
      onError: (error) => formError.show(signInErrorMessage(error, t('wechat.loginFailed'))),
    })
  }

  const createAccount = () => {
    if (pending || succeeded) return
    formError.clear()
    register.mutate(undefined, {
      onSuccess: (user) => {
        setSucceeded(true)
        onSuccess(user, { created: true })
      },
      onError: (error) => formError.show(errorMessage(error, t('wechat.registerFailed'))),
    })
  }

  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3 rounded-lg bg-success-soft p-4 text-sm">
        <MessageCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <p>{hasUser ? t('wechat.linkedIntro') : t('wechat.unlinkedIntro')}</p>
      </div>
      <FormError {...formError} />
      {hasUser ? (
        <Button size="lg" loading={login.isPending} disabled={succeeded} onClick={logIn}>
          {succeeded ? t('login.succeeded') : t('wechat.login')}
        </Button>
      ) : (
        <Button size="lg" loading={register.isPending} disabled={succeeded} onClick={createAccount}>
          {succeeded ? t('register.succeeded') : t('wechat.register')}
        </Button>
      )}
      <Button variant="outline" size="lg" disabled={pending || succeeded} onClick={onUseAnother}>
        {/* May wrap to two lines on a narrow phone. */}
        <span className="text-sm leading-tight whitespace-normal">{t('wechat.useAnother')}</span>
      </Button>
    </div>
  )
}
