import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { LengthCounter, Textarea } from '@/components/ui/textarea.tsx'
import { cn } from '@/lib/utils.ts'
import { DESCRIPTION_MAX, NAME_MAX, NAME_MIN } from '../rules.ts'
import {
  policyAllowed,
  POLICIES,
  VISIBILITIES,
  withVisibility,
  type SettingsDraft,
  type SettingsErrors,
} from '../settings-form.ts'

/** Name, description, visibility and join policy: the create dialog's and the settings page's. */
export function GroupSettingsFields({
  draft,
  errors,
  onChange,
  visibilityChanged,
}: {
  draft: SettingsDraft
  errors: SettingsErrors
  onChange: (draft: SettingsDraft, field: keyof SettingsDraft) => void
  /** Shown when the group was made private while open and the policy moved to approval. */
  visibilityChanged?: boolean
}) {
  const { t } = useTranslation('groups')
  return (
    <div className="grid gap-5">
      <Field
        label={t('form.name')}
        hint={t('form.nameHint', { min: NAME_MIN, max: NAME_MAX })}
        error={errors.name}
        aside={<LengthCounter value={draft.name} max={NAME_MAX} />}
      >
        {(control) => (
          <Input
            {...control}
            value={draft.name}
            autoComplete="off"
            placeholder={t('form.namePlaceholder')}
            onChange={(event) => onChange({ ...draft, name: event.target.value }, 'name')}
          />
        )}
      </Field>
      <Field
        label={t('form.description')}
        hint={t('form.descriptionHint')}
        error={errors.description}
        aside={<LengthCounter value={draft.description} max={DESCRIPTION_MAX} />}
      >
        {(control) => (
          <Textarea
            {...control}
            className="min-h-24"
            rows={3}
            value={draft.description}
            placeholder={t('form.descriptionPlaceholder')}
            onChange={(event) =>
              onChange({ ...draft, description: event.target.value }, 'description')
            }
          />
        )}
      </Field>
      <ChoiceGroup
        legend={t('form.visibility')}
        name="visibility"
        value={draft.visibility}
        error={errors.visibility}
        options={VISIBILITIES.map((value) => ({
          value,
          label: t(`visibility.${value}.label`),
          description: t(`visibility.${value}.description`),
        }))}
        onChange={(visibility) => onChange(withVisibility(draft, visibility), 'visibility')}
      />
      <ChoiceGroup
        legend={t('form.policy')}
        name="joinPolicy"
        value={draft.joinPolicy}
        error={errors.joinPolicy}
        note={
          draft.visibility === 'private'
            ? visibilityChanged
              ? t('form.privateMovedToApproval')
              : t('form.privateNotOpen')
            : undefined
        }
        options={POLICIES.map((value) => ({
          value,
          label: t(`policy.${value}.label`),
          description: t(`policy.${value}.description`),
          disabled: !policyAllowed(draft.visibility, value),
        }))}
        onChange={(joinPolicy) => onChange({ ...draft, joinPolicy }, 'joinPolicy')}
      />
    </div>
  )
}

interface Choice<T extends string> {
  value: T
  label: string
  description: string
  disabled?: boolean
}

/** Radio buttons drawn as cards: a fieldset named by its legend, arrow keys move the choice. */
function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  error,
  note,
  onChange,
}: {
  legend: string
  name: string
  value: T
  options: readonly Choice<T>[]
  error?: string
  note?: string
  onChange: (value: T) => void
}) {
  const id = useId()
  const describedBy = [error && `${id}-error`, note && `${id}-note`].filter(Boolean).join(' ')
  return (
    <fieldset
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
      className="grid gap-2"
    >
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 md:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex gap-3 rounded-lg border p-3 transition-colors',
              option.disabled
                ? 'cursor-not-allowed opacity-60'
                : 'cursor-pointer hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-success-soft/40',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            )}
          >
            <input
              type="radio"
              name={`${id}-${name}`}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span className="grid gap-0.5 text-sm">
              <span className="font-medium">{option.label}</span>
              <span className="text-muted-foreground">{option.description}</span>
            </span>
          </label>
        ))}
      </div>
      {note && (
        <p id={`${id}-note`} className="text-xs text-muted-foreground">
          {note}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** The form's box for a refusal that is not about one field. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? <Alert>{message}</Alert> : null
}
