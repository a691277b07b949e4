import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { PasswordInput } from '@/components/ui/password-input.tsx'
import { Select } from '@/components/ui/select.tsx'

const INPUT_SIZES = ['sm', 'md', 'lg'] as const

export function InputSizesDemo() {
  const { t } = useTranslation('developers')
  return (
    <div className="grid max-w-md gap-3">
      {INPUT_SIZES.map((size) => (
        <Input
          key={size}
          size={size}
          aria-label={t('theme.sample.inputSize', { size })}
          placeholder={t('theme.sample.inputSize', { size })}
        />
      ))}
      <Input
        disabled
        aria-label={t('theme.sample.disabled')}
        placeholder={t('theme.sample.disabled')}
      />
    </div>
  )
}

export function InputFieldDemo() {
  const { t } = useTranslation('developers')
  const [name, setName] = useState('')
  const [email, setEmail] = useState('lily@')
  const emailError = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)
    ? undefined
    : t('theme.sample.emailError')
  return (
    <div className="grid max-w-md gap-4">
      <Field label={t('theme.sample.nickname')} hint={t('theme.sample.nicknameHint')}>
        {(control) => (
          <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />
        )}
      </Field>
      <Field label={t('theme.sample.email')} error={emailError}>
        {(control) => (
          <Input
            {...control}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
    </div>
  )
}

export function PasswordInputDemo() {
  const { t } = useTranslation('developers')
  return (
    <div className="grid max-w-md gap-4">
      <Field label={t('theme.sample.password')}>
        {(control) => (
          <PasswordInput {...control} defaultValue="correct horse" autoComplete="off" />
        )}
      </Field>
    </div>
  )
}

export function SelectDemo() {
  const { t } = useTranslation('developers')
  return (
    <div className="grid max-w-md gap-3">
      {INPUT_SIZES.map((size) => (
        <Select
          key={size}
          size={size}
          aria-label={t('theme.sample.inputSize', { size })}
          defaultValue="b"
        >
          <option value="a">{t('theme.sample.optionA')}</option>
          <option value="b">{t('theme.sample.optionB')}</option>
          <option value="c">{t('theme.sample.optionC')}</option>
        </Select>
      ))}
    </div>
  )
}
