import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { useRegisterWithUsername } from '../api/register-with-username.ts'
import { FormError } from './form-error.tsx'
import { useFormError } from './use-form-error.ts'
import { NewPasswordFields } from './new-password-fields.tsx'
import type { LoginFormProps } from './login-form-props.ts'
import { isValidNickname, isValidUsername, passwordProblemMessage } from './validation.ts'

type RegisterField = 'username' | 'nickname' | 'password' | 'confirmPassword'
type Values = Record<RegisterField, string>
type FieldErrors = Partial<Record<RegisterField, string>>

const EMPTY: Values = { username: '', nickname: '', password: '', confirmPassword: '' }

export function RegisterForm({ submitAllowed, onSuccess, extra }: LoginFormProps) {
  const { t } = useTranslation('auth')
  const [values, setValues] = useState<Values>(EMPTY)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [succeeded, setSucceeded] = useState(false)
  const register = useRegisterWithUsername()
  const formError = useFormError()

  const set = (field: RegisterField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    setFieldErrors((current) => ({ ...current, [field]: undefined }))
  }

  const validate = (): FieldErrors => {
    // Each field says what is wrong with it: missing, or which rule it breaks.
    const errors: FieldErrors = {}
    const username = values.username.trim()
    if (!username) errors.username = t('validation.usernameRequired')
    else if (!isValidUsername(username)) errors.username = t('validation.usernameFormat')
    if (!isValidNickname(values.nickname)) errors.nickname = t('validation.nicknameLength')
    const password = passwordProblemMessage(values.password, t)
    if (password) errors.password = password
    if (!values.confirmPassword) {
      if (values.password) errors.confirmPassword = t('validation.confirmRequired')
    } else if (values.confirmPassword !== values.password) {
      errors.confirmPassword = t('validation.passwordMismatch')
    }
    return errors
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!submitAllowed() || register.isPending || succeeded) return
    const errors = validate()
    setFieldErrors(errors)
    if (Object.values(errors).some(Boolean)) {
      formError.clear()
      return
    }
    formError.clear()
    const nickname = values.nickname.trim()
    register.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        ...(nickname ? { nickname } : {}),
      },
      {
        onSuccess: (user) => {
          setSucceeded(true)
          onSuccess(user, { created: true })
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body.fields) {
            setFieldErrors(error.body.fields as FieldErrors)
          }
          formError.show(errorMessage(error, t('register.failed')))
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field label={t('fields.username')} hint={t('hints.username')} error={fieldErrors.username}>
        {(control) => (
          <Input
            {...control}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            value={values.username}
            onChange={set('username')}
          />
        )}
      </Field>
      <Field label={t('fields.nickname')} hint={t('hints.nickname')} error={fieldErrors.nickname}>
        {(control) => (
          <Input
            {...control}
            name="nickname"
            autoComplete="nickname"
            value={values.nickname}
            onChange={set('nickname')}
          />
        )}
      </Field>
      <NewPasswordFields
        name="password"
        label={t('fields.password')}
        confirmLabel={t('fields.confirmPassword')}
        value={values.password}
        confirmValue={values.confirmPassword}
        error={fieldErrors.password}
        confirmError={fieldErrors.confirmPassword}
        onChange={set('password')}
        onConfirmChange={set('confirmPassword')}
      />
      {extra}
      <FormError {...formError} />
      <Button type="submit" size="lg" loading={register.isPending} disabled={succeeded}>
        {succeeded
          ? t('register.succeeded')
          : register.isPending
            ? t('register.submitting')
            : t('register.submit')}
      </Button>
    </form>
  )
}
