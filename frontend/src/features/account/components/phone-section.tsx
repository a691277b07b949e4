import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PhoneCodeFields, type PhoneCodeValues } from '@/components/phone/phone-code-fields.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { canSendCodeTo, DEFAULT_PHONE_PREFIX } from '@/lib/phone.ts'
import { useToast } from '@/lib/toast.ts'
import type { User } from '@/lib/user.ts'
import { useCodeSender } from '@/lib/verification-code.ts'
import { useBindPhone } from '../api/bind-phone.ts'
import { useSendPhoneCode } from '../api/send-phone-code.ts'

interface Errors {
  phone?: string
  code?: string
  form?: string
}

/** Server codes whose message belongs under the number or under the code (docs/api.md). */
const PHONE_CODES = new Set(['invalid_phone', 'unsupported_phone_region', 'phone_taken'])
const CODE_CODES = new Set([
  'invalid_verification_code',
  'wrong_verification_code',
  'verification_code_exhausted',
])

/** Puts a failed call's message (the server's first, spec §8) next to what it is about. */
function errorsOf(error: unknown, fallback: string): Errors {
  const message = errorMessage(error, fallback)
  if (error instanceof ApiError) {
    const fieldMessage = error.body.fields?.phoneNumber
    if (fieldMessage) return { phone: fieldMessage }
    if (error.code && PHONE_CODES.has(error.code)) return { phone: message }
    if (error.code && CODE_CODES.has(error.code)) return { code: message }
  }
  return { form: message }
}

function formatPhone(phone: NonNullable<User['phone']>): string {
  return `+${phone.prefix} ${phone.masked}`
}

const EMPTY: PhoneCodeValues = { prefix: DEFAULT_PHONE_PREFIX, phoneNumber: '', code: '' }

/** Binds or changes the account's phone number with an SMS code. */
export function PhoneSection({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'common'])
  const toast = useToast()
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const sendCode = useSendPhoneCode()
  const bind = useBindPhone()
  const sender = useCodeSender(values.prefix, values.phoneNumber, sendCode.mutateAsync)
  const bound = user.phone !== null

  const change = (next: PhoneCodeValues) => {
    setErrors((current) => ({
      phone:
        next.phoneNumber !== values.phoneNumber || next.prefix !== values.prefix
          ? undefined
          : current.phone,
      code: next.code !== values.code ? undefined : current.code,
    }))
    setValues(next)
  }

  const send = () => {
    if (sendCode.isPending) return
    if (!canSendCodeTo(values.phoneNumber)) {
      setErrors({ phone: t('common:phone.invalid') })
      return
    }
    setErrors({})
    sender.request().then(
      (response) => void toast.success(response.message || t('common:phone.codeSent')),
      (error: unknown) => setErrors(errorsOf(error, t('phone.sendFailed'))),
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (bind.isPending) return
    const phoneNumber = values.phoneNumber.trim()
    const verificationCode = values.code.trim()
    if (!phoneNumber || !verificationCode) {
      setErrors(
        phoneNumber
          ? { code: t('validation.codeRequired') }
          : { phone: t('validation.phoneRequired') },
      )
      return
    }
    if (!canSendCodeTo(phoneNumber)) {
      setErrors({ phone: t('common:phone.invalid') })
      return
    }
    setErrors({})
    bind.mutate(
      { phonePrefix: values.prefix, phoneNumber, verificationCode },
      {
        onSuccess: (response) => {
          setValues(EMPTY)
          toast.success(response.message || t(bound ? 'phone.changed' : 'phone.bound'))
        },
        onError: (error) => setErrors(errorsOf(error, t('phone.failed'))),
      },
    )
  }

  return (
    <Card aria-labelledby="account-phone-title">
      <CardTitle id="account-phone-title">{t('phone.title')}</CardTitle>
      <CardDescription>
        {bound ? t('phone.boundDescription') : t('phone.unboundDescription')}
      </CardDescription>
      <dl className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('phone.current')}</dt>
        <dd className="font-medium tabular-nums">
          {user.phone ? (
            <span dir="ltr">{formatPhone(user.phone)}</span>
          ) : (
            <span className="text-muted-foreground">{t('phone.notBound')}</span>
          )}
        </dd>
      </dl>
      <form noValidate onSubmit={submit} className="mt-5 grid max-w-md gap-4">
        <PhoneCodeFields
          values={values}
          onChange={change}
          remaining={sender.remaining}
          sending={sendCode.isPending}
          onSend={send}
          phoneError={errors.phone}
          codeError={errors.code}
          phoneLabel={bound ? t('phone.newNumber') : undefined}
        />
        {errors.form && <Alert>{errors.form}</Alert>}
        <div>
          <Button type="submit" loading={bind.isPending}>
            {bind.isPending ? t('phone.submitting') : bound ? t('phone.change') : t('phone.bind')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
