import { useTranslation } from 'react-i18next'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { canSendCodeTo } from '@/lib/phone.ts'
import type { PhonePrefix } from '@/lib/user.ts'
import { RegionPicker } from './region-picker.tsx'
import { SendCodeButton } from './send-code-button.tsx'

export interface PhoneCodeValues {
  prefix: PhonePrefix
  phoneNumber: string
  code: string
}

interface PhoneCodeFieldsProps {
  values: PhoneCodeValues
  onChange: (values: PhoneCodeValues) => void
  /** Seconds left of the resend countdown of the number entered. */
  remaining: number
  sending: boolean
  onSend: () => void
  phoneError?: string
  codeError?: string
  disabled?: boolean
  /** Label of the number field; 'Phone number' by default. */
  phoneLabel?: string
}

/**
 * Region, phone number and verification code with its send button: the phone form of the login
 * dialog and of the account settings.
 */
export function PhoneCodeFields({
  values,
  onChange,
  remaining,
  sending,
  onSend,
  phoneError,
  codeError,
  disabled,
  phoneLabel,
}: PhoneCodeFieldsProps) {
  const { t } = useTranslation()
  const set = (patch: Partial<PhoneCodeValues>) => onChange({ ...values, ...patch })

  return (
    <>
      <Field label={phoneLabel ?? t('phone.number')} error={phoneError}>
        {(control) => (
          <div className="flex gap-2">
            <RegionPicker
              value={values.prefix}
              onChange={(prefix) => set({ prefix })}
              disabled={disabled}
            />
            <Input
              {...control}
              type="tel"
              name="phoneNumber"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={t('phone.numberPlaceholder')}
              maxLength={20}
              disabled={disabled}
              value={values.phoneNumber}
              onChange={(event) => set({ phoneNumber: event.target.value })}
            />
          </div>
        )}
      </Field>
      <Field label={t('phone.code')} error={codeError}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              name="verificationCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={t('phone.codePlaceholder')}
              maxLength={6}
              disabled={disabled}
              value={values.code}
              onChange={(event) => set({ code: event.target.value })}
            />
            <SendCodeButton
              remaining={remaining}
              loading={sending}
              allowed={canSendCodeTo(values.phoneNumber)}
              disabled={disabled}
              onClick={onSend}
            />
          </div>
        )}
      </Field>
    </>
  )
}
