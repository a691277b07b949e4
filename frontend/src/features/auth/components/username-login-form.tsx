import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { PasswordInput } from '@/components/ui/password-input.tsx'
import { useLoginWithUsername } from '../api/login-with-username.ts'
import { FormError } from './form-error.tsx'
import { useFormError } from './use-form-error.ts'
import type { LoginFormProps } from './login-form-props.ts'
import { signInErrorMessage } from './sign-in-error.ts'

export function UsernameLoginForm({ submitAllowed, onSuccess, extra }: LoginFormProps) {
  const { t } = useTranslation('auth')
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [succeeded, setSucceeded] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({})
  const login = useLoginWithUsername()
  const formError = useFormError()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!submitAllowed() || login.isPending || succeeded) return
    if (!username.trim() || !password) {
      setFieldErrors({
        username: username.trim() ? undefined : t('validation.usernameRequired'),
        password: password ? undefined : t('validation.passwordRequired'),
      })
      formError.clear()
      return
    }
    setFieldErrors({})
    formError.clear()
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (user) => {
          setSucceeded(true)
          onSuccess(user)
        },
        onError: (error) => formError.show(signInErrorMessage(error, t('login.failed'))),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field label={t('fields.username')} error={fieldErrors.username}>
        {(control) => (
          <Input
            {...control}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => {
              setUsername(event.target.value)
              setFieldErrors((current) => ({ ...current, username: undefined }))
            }}
          />
        )}
      </Field>
      <Field label={t('fields.password')} error={fieldErrors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value)
              setFieldErrors((current) => ({ ...current, password: undefined }))
            }}
          />
        )}
      </Field>
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
