import { useAtomValue } from 'jotai'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { reauthenticate } from '@/lib/api/reauthenticate.ts'
import { sendReauthCode } from '@/lib/api/send-reauth-code.ts'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { reauthRequestAtom, type ReauthRequest } from '@/lib/reauth.ts'
import { useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import type { User } from '@/lib/user.ts'
import {
  countdownFromSend,
  countdownFromTooSoon,
  useCodeCountdown,
} from '@/lib/verification-code.ts'
import { SendCodeButton } from './phone/send-code-button.tsx'
import { Alert } from './ui/alert.tsx'
import { Button } from './ui/button.tsx'
import { Field } from './ui/field.tsx'
import { Input } from './ui/input.tsx'
import { Modal } from './ui/modal.tsx'
import { PasswordInput } from './ui/password-input.tsx'

/** Server codes whose message belongs under the field rather than under the form. */
const FIELD_CODES = new Set([
  'wrong_password',
  'invalid_verification_code',
  'wrong_verification_code',
  'verification_code_exhausted',
])

/**
 * "Confirm it's you" (docs/api.md, "Recent proof"): shown when a call that changes how the account
 * signs in was refused with `reauthentication_required` (`useReauth()` in `lib/reauth.ts`). The
 * password, or for an account without one a code sent to its bound number; a WeChat-only
 * account is told to sign in again.
 */
export function ReauthDialog() {
  const request = useAtomValue(reauthRequestAtom)
  const { user } = useSession({ fetch: false })
  if (!request || !user) return null
  // A new request starts with empty fields.
  return <OpenReauthDialog key={request.id} request={request} user={user} />
}

function OpenReauthDialog({ request, user }: { request: ReauthRequest; user: User }) {
  const { t } = useTranslation()
  const toast = useToast()
  const mode = user.hasPassword ? 'password' : user.phone ? 'code' : 'signIn'
  const [secret, setSecret] = useState('')
  const [fieldError, setFieldError] = useState<string>()
  const [formError, setFormError] = useState<string>()
  const [pending, setPending] = useState(false)
  const [sending, setSending] = useState(false)
  const countdown = useCodeCountdown('reauth', user.phone?.masked ?? '')

  const dismiss = () => {
    if (!pending) request.settle(false)
  }

  const fail = (error: unknown) => {
    const message = errorMessage(error, t('reauth.failed'))
    if (error instanceof ApiError && error.code && FIELD_CODES.has(error.code)) {
      setFieldError(message)
      setFormError(undefined)
    } else {
      setFieldError(undefined)
      setFormError(message)
    }
  }

  const sendCode = () => {
    if (sending) return
    setSending(true)
    setFormError(undefined)
    sendReauthCode()
      .then(
        (response) => {
          countdown.start(countdownFromSend(response))
          toast.success(response.message || t('phone.codeSent'))
        },
        (error: unknown) => {
          const tooSoon = countdownFromTooSoon(error)
          if (tooSoon) countdown.start(tooSoon)
          fail(error)
        },
      )
      .finally(() => setSending(false))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    const value = mode === 'password' ? secret : secret.trim()
    if (!value) {
      setFieldError(mode === 'password' ? t('reauth.passwordRequired') : t('reauth.codeRequired'))
      return
    }
    setPending(true)
    setFieldError(undefined)
    setFormError(undefined)
    reauthenticate(mode === 'password' ? { password: value } : { code: value }).then(
      () => request.settle(true),
      (error: unknown) => {
        setPending(false)
        fail(error)
      },
    )
  }

  const description =
    mode === 'password'
      ? t('reauth.passwordDescription')
      : mode === 'code'
        ? t('reauth.codeDescription', { phone: `+${user.phone?.prefix} ${user.phone?.masked}` })
        : t('reauth.signInDescription')

  return (
    <Modal open onClose={dismiss} title={t('reauth.title')} description={description} size="sm">
      {mode === 'signIn' ? (
        <div className="mt-2 flex justify-end">
          <Button onClick={dismiss}>{t('actions.ok')}</Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-2 grid gap-4">
          {mode === 'password' ? (
            <Field label={t('reauth.password')} error={fieldError}>
              {(control) => (
                <PasswordInput
                  {...control}
                  name="password"
                  autoComplete="current-password"
                  value={secret}
                  onChange={(event) => {
                    setSecret(event.target.value)
                    setFieldError(undefined)
                  }}
                />
              )}
            </Field>
          ) : (
            <Field label={t('phone.code')} error={fieldError}>
              {(control) => (
                <div className="flex gap-2">
                  <Input
                    {...control}
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    placeholder={t('phone.codePlaceholder')}
                    maxLength={6}
                    value={secret}
                    onChange={(event) => {
                      setSecret(event.target.value)
                      setFieldError(undefined)
                    }}
                  />
                  <SendCodeButton
                    remaining={countdown.remaining}
                    loading={sending}
                    allowed
                    onClick={sendCode}
                  />
                </div>
              )}
            </Field>
          )}
          {formError && <Alert>{formError}</Alert>}
          <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
            <Button variant="outline" onClick={dismiss} disabled={pending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('reauth.confirm')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  )
}
