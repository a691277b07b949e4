import { useTranslation } from 'react-i18next'
import { Field } from '@/components/ui/field.tsx'
import { PasswordInput } from '@/components/ui/password-input.tsx'

type ChangeHandler = (event: { target: { value: string } }) => void

interface NewPasswordFieldsProps {
  /** Form field name of the new password (`password` at registration, `newPassword` on change). */
  name: string
  label: string
  confirmLabel: string
  value: string
  confirmValue: string
  error?: string
  confirmError?: string
  onChange: ChangeHandler
  onConfirmChange: ChangeHandler
}

/** A new password and its confirmation, as registration and password change both ask for. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth')
  return (
    <>
      <Field label={props.label} hint={t('hints.password')} error={props.error}>
        {(control) => (
          <PasswordInput
            {...control}
            name={props.name}
            autoComplete="new-password"
            value={props.value}
            onChange={props.onChange}
          />
        )}
      </Field>
      <Field label={props.confirmLabel} error={props.confirmError}>
        {(control) => (
          <PasswordInput
            {...control}
            name="confirmPassword"
            autoComplete="new-password"
            value={props.confirmValue}
            onChange={props.onConfirmChange}
          />
        )}
      </Field>
    </>
  )
}
