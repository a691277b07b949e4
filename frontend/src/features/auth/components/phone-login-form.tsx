import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PhoneCodeFields, type PhoneCodeValues } from '@/components/phone/phone-code-fields.tsx'
import { Button } from '@/components/ui/button.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { canSendCodeTo, DEFAULT_PHONE_PREFIX } from '@/lib/phone.ts'
import { useToast } from '@/lib/toast.ts'
import { useCodeSender } from '@/lib/verification-code.ts'
import { useLoginWithPhone } from '../api/login-with-phone.ts'
import { useSendLoginCode } from '../api/send-login-code.ts'
import { FormError } from './form-error.tsx'
import { useFormError } from './use-form-error.ts'
import type { LoginFormProps } from './login-form-props.ts'
import { signInErrorMessage } from './sign-in-error.ts'

const EMPTY: PhoneCodeValues = { prefix: DEFAULT_PHONE_PREFIX, phoneNumber: '', code: '' }

/** Phone login (spec §2.3): region, number and SMS code; a new number gets a new account. */
export function PhoneLoginForm({ submitAllowed, onSuccess, extra }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'common'])
  const toast = useToast()
  const [values, setValues] = useState(EMPTY)
  const [succeeded, setSucceeded] = useState(false)
  const login = useLoginWithPhone()
  const sendCode = useSendLoginCode()
  const sender = useCodeSender(values.prefix, values.phoneNumber, sendCode.mutateAsync)
  const formError = useFormError()

  const send = () => {
    if (sendCode.isPending) return
    if (!canSendCodeTo(values.phoneNumber)) {
      formError.show(t('common:phone.invalid'))
      return
    }
    formError.clear()
    sender.request().then(
      (response) => void toast.success(response.message || t('common:phone.codeSent')),
      (error: unknown) => formError.show(errorMessage(error, t('phone.sendFailed'))),
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!submitAllowed() || login.isPending || succeeded) return
    const phoneNumber = values.phoneNumber.trim()
    const verificationCode = values.code.trim()
    if (!phoneNumber || !verificationCode) {
      formError.show(t(phoneNumber ? 'validation.codeRequired' : 'validation.phoneRequired'))
      return
    }
    if (!canSendCodeTo(phoneNumber)) {
      formError.show(t('common:phone.invalid'))
      return
    }
    formError.clear()
    login.mutate(
      { phonePrefix: values.prefix, phoneNumber, verificationCode },
      {
        onSuccess: ({ user, created }) => {
          setSucceeded(true)
          onSuccess(user, { created })
        },
        onError: (error) => formError.show(signInErrorMessage(error, t('phone.loginFailed'))),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <PhoneCodeFields
        values={values}
        onChange={setValues}
        remaining={sender.remaining}
        sending={sendCode.isPending}
        onSend={send}
        disabled={succeeded}
      />
      {extra}
      <FormError {...formError} />
      <Button type="submit" size="lg" loading={login.isPending} disabled={succeeded}>
        {succeeded
          ? t('login.succeeded')
          : login.isPending
            ? t('login.submitting')
            : t('login.submit')}
      </Button>
    </form>
  )
}
