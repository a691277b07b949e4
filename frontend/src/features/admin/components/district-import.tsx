import { Download, FileUp } from 'lucide-react'
import { useId, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button, buttonVariants } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Select } from '@/components/ui/select.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import type { DistrictImportPlan } from '@/lib/api/types.ts'
import { useToast } from '@/lib/toast.ts'
import { districtExportUrl, type DistrictFileFormat } from '../api/export-districts.ts'
import { useImportDistricts } from '../api/import-districts.ts'
import {
  canApply,
  changedFields,
  detectFormat,
  districtNames,
  fieldValue,
  planCounts,
} from './districts-model.ts'

interface Checked {
  text: string
  format: DistrictFileFormat
  plan: DistrictImportPlan
}

/** A file the server could not read: its message, and the line or column it names. */
function FileError({ error }: { error: unknown }) {
  const { t } = useTranslation('districts')
  const detail =
    error instanceof ApiError && typeof error.body.detail === 'string' ? error.body.detail : null
  const where =
    detail === null
      ? ''
      : /^\d+$/.test(detail) && error instanceof ApiError && error.code === 'invalid_import_file'
        ? ` ${t('import.atLine', { line: detail })}`
        : ` ${t('import.detail', { detail })}`
  return (
    <Alert tone="error" role="alert">
      <p className="font-medium">{t('import.failed')}</p>
      <p>
        {errorMessage(error)}
        {where}
      </p>
    </Alert>
  )
}

function PlanView({ plan }: { plan: DistrictImportPlan }) {
  const { t, i18n } = useTranslation('districts')
  const counts = planCounts(plan)
  const name = (d: { nameZh: string; nameEn: string }) => districtNames(d, i18n.language).primary
  return (
    <div className="grid gap-4" aria-live="polite">
      {plan.applied ? (
        <Alert tone="success">{t('import.applied', counts)}</Alert>
      ) : (
        <p className="text-sm font-medium">{t('import.summary', counts)}</p>
      )}
      {plan.refused.length > 0 && (
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold text-error">
            {t('import.refused')} ({plan.refused.length})
          </h3>
          <ul className="grid gap-1 text-sm">
            {plan.refused.map((r) => (
              <li
                key={`${r.line}-${r.code}`}
                className="rounded-md border border-error/40 bg-error-soft px-3 py-2"
              >
                <span className="font-medium">{t('import.atLine', { line: r.line })}</span>{' '}
                <span className="font-mono text-xs">{r.code}</span>
                <span className="block text-error">{r.message}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!plan.applied && plan.added.length > 0 && (
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">
            {t('import.added')} ({plan.added.length})
          </h3>
          <ul className="grid max-h-64 gap-0.5 overflow-y-auto text-sm">
            {plan.added.map((a) => (
              <li key={a.line} className="flex flex-wrap gap-x-2">
                <span className="w-16 shrink-0 text-muted-foreground tabular-nums">
                  {t('import.line')} {a.line}
                </span>
                <span className="font-mono text-xs leading-5">{a.district.code}</span>
                <span>{name(a.district)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!plan.applied && plan.changed.length > 0 && (
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">
            {t('import.changed')} ({plan.changed.length})
          </h3>
          <ul className="grid max-h-64 gap-1 overflow-y-auto text-sm">
            {plan.changed.map((c) => (
              <li key={c.line}>
                <span className="text-muted-foreground tabular-nums">
                  {t('import.line')} {c.line}
                </span>{' '}
                <span className="font-mono text-xs">{c.after.code}</span> {name(c.after)}
                <ul className="ml-4 text-muted-foreground">
                  {changedFields(c.before, c.after).map((field) => (
                    <li key={field}>
                      {t(`fields.${field}`)}: {fieldValue(c.before, field)} →{' '}
                      <span className="text-foreground">{fieldValue(c.after, field)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

/**
 * Import: choose a file (its text lands in the editor, to be corrected there) or paste one, run
 * it dry to see what it adds, changes and refuses line by line, and apply it when nothing is
 * refused. Export: download every district in either format.
 */
export function DistrictImportPanel() {
  const { t } = useTranslation('districts')
  const toast = useToast()
  const ids = { text: useId(), format: useId(), file: useId(), hint: useId() }
  const fileRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [format, setFormat] = useState<DistrictFileFormat>('csv')
  const [fileName, setFileName] = useState<string | null>(null)
  const [readError, setReadError] = useState(false)
  const [checked, setChecked] = useState<Checked | null>(null)
  const run = useImportDistricts()
  const applicable = canApply(checked, text, format)
  // A plan speaks of the text it checked: editing the text hides it until the next dry run.
  const shown =
    checked && (checked.plan.applied || (checked.text === text && checked.format === format))
      ? checked.plan
      : null

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    try {
      const content = await file.text()
      setReadError(false)
      setFileName(file.name)
      setText(content)
      setFormat(detectFormat(file.name, content))
      setChecked(null)
      run.reset()
    } catch {
      setReadError(true)
    }
  }

  const submit = (dryRun: boolean) => {
    const request = { text, format, dryRun }
    run.mutate(request, {
      onSuccess: (plan) => {
        setChecked({ text, format, plan })
        if (plan.applied) toast.success(t('import.applied', planCounts(plan)))
      },
    })
  }

  return (
    <div className="grid gap-6">
      <Card className="grid gap-4">
        <div>
          <CardTitle>{t('import.title')}</CardTitle>
          <CardDescription>{t('import.description')}</CardDescription>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <input
            ref={fileRef}
            id={ids.file}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            className="sr-only"
            tabIndex={-1}
            aria-label={t('import.chooseFile')}
            onChange={(event) => void onFile(event)}
          />
          <Button variant="outline" onClick={() => fileRef.current?.click()}>
            <FileUp aria-hidden="true" />
            {t('import.chooseFile')}
          </Button>
          <div className="grid gap-1.5">
            <label htmlFor={ids.format} className="text-sm font-medium">
              {t('import.format')}
            </label>
            <Select
              id={ids.format}
              value={format}
              onChange={(event) => setFormat(event.target.value as DistrictFileFormat)}
            >
              <option value="csv">{t('import.formats.csv')}</option>
              <option value="json">{t('import.formats.json')}</option>
            </Select>
          </div>
        </div>
        {fileName && (
          <p className="text-sm text-muted-foreground">
            {t('import.fileChosen', { name: fileName })}
          </p>
        )}
        {readError && <Alert tone="error">{t('import.readFailed')}</Alert>}
        <div className="grid gap-1.5">
          <label htmlFor={ids.text} className="text-sm font-medium">
            {t('import.textLabel')}
          </label>
          <textarea
            id={ids.text}
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              if (!fileName) setFormat(detectFormat(null, event.target.value))
            }}
            spellCheck={false}
            rows={Math.min(14, Math.max(5, text.split('\n').length + 1))}
            className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-base shadow-xs focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:text-xs"
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            disabled={text.trim() === '' || run.isPending}
            onClick={() => submit(true)}
          >
            {t('import.dryRun')}
          </Button>
          <Button
            disabled={!applicable || run.isPending}
            aria-describedby={ids.hint}
            onClick={() => submit(false)}
          >
            {t('import.apply')}
          </Button>
          <p id={ids.hint} className="text-xs text-muted-foreground">
            {t('import.applyHint')}
          </p>
        </div>
        {run.isError && <FileError error={run.error} />}
        {shown && !run.isError && <PlanView plan={shown} />}
        {shown && !run.isError && !shown.applied && shown.refused.length > 0 && (
          <p className="text-sm text-muted-foreground">{t('import.notApplied')}</p>
        )}
      </Card>
      <Card className="grid gap-4">
        <div>
          <CardTitle>{t('export.title')}</CardTitle>
          <CardDescription>{t('export.description')}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {(['csv', 'json'] as const).map((f) => (
            <a
              key={f}
              href={districtExportUrl(f)}
              download
              className={buttonVariants({ variant: 'outline' })}
            >
              <Download aria-hidden="true" />
              {t(`export.${f}`)}
            </a>
          ))}
        </div>
      </Card>
    </div>
  )
}
