import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import type { District } from '@/lib/api/types.ts'
import { useToast } from '@/lib/toast.ts'
import { useCreateDistrict } from '../api/create-district.ts'
import { useUpdateDistrict } from '../api/update-district.ts'
import {
  EMPTY_FORM,
  bodyOf,
  districtNames,
  formOf,
  looksLikeProvince,
  type DistrictForm,
  type FormProblem,
} from './districts-model.ts'

interface DistrictDialogProps {
  /** The district to edit; `null` to add one. */
  district: District | null
  onClose: () => void
}

/** Adds a district or edits one; the server's refusals appear beside their fields. */
export function DistrictDialog({ district, onClose }: DistrictDialogProps) {
  const { t, i18n } = useTranslation('districts')
  const { t: tc } = useTranslation()
  const toast = useToast()
  const create = useCreateDistrict()
  const update = useUpdateDistrict()
  const mutation = district ? update : create
  const [form, setForm] = useState<DistrictForm>(district ? formOf(district) : EMPTY_FORM)
  const [problems, setProblems] = useState<Record<string, FormProblem>>({})
  const firstRef = useRef<HTMLInputElement>(null)
  const editingName = district ? districtNames(district, i18n.language).primary : ''
  const showTile = district ? district.level === 'province' : looksLikeProvince(form.code)

  const serverFields = mutation.error instanceof ApiError ? (mutation.error.body.fields ?? {}) : {}
  const fieldError = (name: keyof typeof serverFields | string) =>
    problems[name] ? t(`form.${problems[name]}`) : serverFields[name]
  const generalError =
    mutation.error && Object.keys(serverFields).length === 0 ? errorMessage(mutation.error) : null

  const set = (key: keyof DistrictForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }))

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = bodyOf(showTile ? form : { ...form, tileCol: '', tileRow: '' })
    if (parsed.problems) {
      setProblems(parsed.problems)
      return
    }
    setProblems({})
    const done = (saved: District) => {
      const name = districtNames(saved, i18n.language).primary
      toast.success(district ? t('form.saved', { name }) : t('form.created', { name }))
      onClose()
    }
    if (district) {
      update.mutate(
        { code: district.code, body: parsed.body },
        { onSuccess: (r) => done(r.district) },
      )
    } else {
      create.mutate(
        { ...parsed.body, code: form.code.trim() },
        { onSuccess: (r) => done(r.district) },
      )
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={district ? t('form.editTitle', { name: editingName }) : t('form.addTitle')}
      description={district ? district.code : undefined}
      size="md"
      initialFocusRef={firstRef}
    >
      <form onSubmit={onSubmit} className="grid gap-4" noValidate>
        {!district && (
          <Field label={t('form.code')} hint={t('form.codeHint')} error={fieldError('code')}>
            {(control) => (
              <Input
                {...control}
                ref={firstRef}
                value={form.code}
                onChange={set('code')}
                inputMode="numeric"
                maxLength={6}
                autoComplete="off"
                className="font-mono"
              />
            )}
          </Field>
        )}
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={t('form.nameZh')} error={fieldError('nameZh')}>
            {(control) => (
              <Input
                {...control}
                ref={district ? firstRef : undefined}
                value={form.nameZh}
                onChange={set('nameZh')}
                maxLength={40}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label={t('form.nameEn')} error={fieldError('nameEn')}>
            {(control) => (
              <Input
                {...control}
                value={form.nameEn}
                onChange={set('nameEn')}
                maxLength={80}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label={t('form.lat')} error={fieldError('lat')}>
            {(control) => (
              <Input {...control} value={form.lat} onChange={set('lat')} inputMode="decimal" />
            )}
          </Field>
          <Field label={t('form.lon')} error={fieldError('lon')}>
            {(control) => (
              <Input {...control} value={form.lon} onChange={set('lon')} inputMode="decimal" />
            )}
          </Field>
        </div>
        {showTile && (
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t('form.tile')}</legend>
            <div className="grid grid-cols-2 gap-4">
              <Field label={t('form.tileCol')}>
                {(control) => (
                  <Input
                    {...control}
                    value={form.tileCol}
                    onChange={set('tileCol')}
                    inputMode="numeric"
                    aria-invalid={fieldError('tile') ? true : undefined}
                  />
                )}
              </Field>
              <Field label={t('form.tileRow')}>
                {(control) => (
                  <Input
                    {...control}
                    value={form.tileRow}
                    onChange={set('tileRow')}
                    inputMode="numeric"
                    aria-invalid={fieldError('tile') ? true : undefined}
                  />
                )}
              </Field>
            </div>
            {fieldError('tile') ? (
              <p className="text-xs text-error">{fieldError('tile')}</p>
            ) : (
              <p className="text-xs text-muted-foreground">{t('form.tileHint')}</p>
            )}
          </fieldset>
        )}
        {generalError && <Alert tone="error">{generalError}</Alert>}
        <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
          <Button variant="outline" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {district ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
