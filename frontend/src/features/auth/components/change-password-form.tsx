import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Field } from '@/components/ui/field.tsx'
import { PasswordInput } from '@/components/ui/password-input.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { useToast } from '@/lib/toast.ts'
import { useChangePassword } from '../api/change-password.ts'
import { FormError } from './form-error.tsx'
import { useFormError } from './use-form-error.ts'
import { NewPasswordFields } from './new-password-fields.tsx'
import { passwordProblemMessage } from './validation.ts'

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword'
type FieldErrors = Partial<Record<PasswordField, string>>
const EMPTY: Record<PasswordField, string> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
}

export function ChangePasswordForm() {
  const { t } = useTranslation('auth')
  const toast = useToast()
  const [values, setValues] = useState(EMPTY)
  const [revokeTokens, setRevokeTokens] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const change = useChangePassword()
  const revokeTokensId = useId()
  const formError = useFormError()

  const set = (field: PasswordField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    setFieldErrors((current) => ({ ...current, [field]: undefined }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (change.isPending) return
    // Each field says what is wrong with it: missing, or which rule it breaks.
    const errors: FieldErrors = {}
    if (!values.currentPassword) errors.currentPassword = t('validation.currentPasswordRequired')
    const newPassword = passwordProblemMessage(values.newPassword, t)
    if (newPassword) errors.newPassword = newPassword
    if (!values.confirmPassword) {
      if (values.newPassword) errors.confirmPassword = t('validation.confirmRequired')
    } else if (values.confirmPassword !== values.newPassword) {
      errors.confirmPassword = t('validation.passwordMismatch')
    }
    setFieldErrors(errors)
    formError.clear()
    if (Object.keys(errors).length > 0) return
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword, revokeTokens },
      {
        onSuccess: (response) => {
          setValues(EMPTY)
          setRevokeTokens(false)
          toast.success(response.message || t('changePassword.succeeded'))
        },
        onError: (error) => {
          const message = errorMessage(error, t('changePassword.failed'))
          if (error instanceof ApiError && error.code === 'wrong_password') {
            setFieldErrors({ currentPassword: message })
          } else {
            formError.show(message)
          }
        },
      },
    )
  }

  return (
    <Card aria-labelledby="change-password-title">
      <CardTitle id="change-password-title">{t('changePassword.title')}</CardTitle>
      <CardDescription>{t('changePassword.description')}</CardDescription>
      <form noValidate onSubmit={submit} className="mt-5 grid max-w-md gap-4">
        <Field label={t('fields.currentPassword')} error={fieldErrors.currentPassword}>
          {(control) => (
            <PasswordInput
              {...control}
              name="currentPassword"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set('currentPassword')}
            />
          )}
        </Field>
        <NewPasswordFields
          name="newPassword"
          label={t('fields.newPassword')}
          confirmLabel={t('fields.confirmNewPassword')}
          value={values.newPassword}
          confirmValue={values.confirmPassword}
          error={fieldErrors.newPassword}
          confirmError={fieldErrors.confirmPassword}
          onChange={set('newPassword')}
          onConfirmChange={set('confirmPassword')}
        />
        <div className="flex items-start gap-2">
          <input
            id={revokeTokensId}
            type="checkbox"
            name="revokeTokens"
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
            aria-describedby={`${revokeTokensId}-hint`}
            checked={revokeTokens}
            onChange={(event) => setRevokeTokens(event.target.checked)}
          />
          <div className="grid gap-0.5">
            <label htmlFor={revokeTokensId} className="text-sm font-medium">
              {t('changePassword.revokeTokens')}
            </label>
            <p id={`${revokeTokensId}-hint`} className="text-xs text-muted-foreground">
              {t('changePassword.revokeTokensHint')}
            </p>
          </div>
        </div>
        <FormError {...formError} />
        <div>
          <Button type="submit" loading={change.isPending}>
            {change.isPending ? t('changePassword.submitting') : t('changePassword.submit')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
