import { Download, FileUp } from 'lucide-react'
import { useId, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button, buttonVariants } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Select } from '@/components/ui/select.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import type { WordImportPlan } from '@/lib/api/types.ts'
import { useToast } from '@/lib/toast.ts'
import { wordExportUrl, type WordFileFormat } from '../api/export-words.ts'
import { useImportWords } from '../api/import-words.ts'
import { canApplyWords, detectWordFormat, wordPlanCounts } from './words-model.ts'

interface Checked {
  text: string
  format: WordFileFormat
  plan: WordImportPlan
}

/** A file the server could not read or would not apply: its message, and the lines it names. */
function FileError({ error }: { error: unknown }) {
  const { t } = useTranslation('words')
  const detail =
    error instanceof ApiError && typeof error.body.detail === 'string' ? error.body.detail : null
  const code = error instanceof ApiError ? error.code : undefined
  const where =
    detail === null
      ? ''
      : code === 'word_import_refused'
        ? ` ${t('import.atLines', { lines: detail })}`
        : /^\d+$/.test(detail) && code === 'invalid_word_file'
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

function PlanView({ plan }: { plan: WordImportPlan }) {
  const { t } = useTranslation('words')
  const counts = wordPlanCounts(plan)
  return (
    <div className="grid gap-4" aria-live="polite">
      {plan.applied ? (
        <Alert tone="success">{t('import.applied', counts)}</Alert>
      ) : (
        <p className="text-sm font-medium">{t('import.summary', counts)}</p>
      )}
      {plan.refused.length > 0 && (
        <section className="grid gap-2" aria-label={t('import.refused')}>
          <h3 className="text-sm font-semibold text-error">
            {t('import.refused')} ({plan.refused.length})
          </h3>
          <ul className="grid gap-1 text-sm">
            {plan.refused.map((r) => (
              <li
                key={r.line}
                className="rounded-md border border-error/40 bg-error-soft px-3 py-2"
              >
                <span className="font-medium">{t('import.atLine', { line: r.line })}</span>{' '}
                <span className="break-all">{r.phrase}</span>
                <span className="block text-error">{r.message}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!plan.applied && plan.added.length > 0 && (
        <section className="grid gap-2" aria-label={t('import.added')}>
          <h3 className="text-sm font-semibold">
            {t('import.added')} ({plan.added.length})
          </h3>
          <ul className="grid max-h-64 gap-0.5 overflow-y-auto text-sm">
            {plan.added.map((a) => (
              <li key={a.line} className="flex flex-wrap items-center gap-x-2">
                <span className="w-16 shrink-0 text-muted-foreground tabular-nums">
                  {t('import.line')} {a.line}
                </span>
                <span className="break-all">{a.word.phrase}</span>
                <Badge tone={a.word.action === 'hold' ? 'warning' : 'error'}>
                  {t(`actions.${a.word.action}`)}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!plan.applied && plan.changed.length > 0 && (
        <section className="grid gap-2" aria-label={t('import.changed')}>
          <h3 className="text-sm font-semibold">
            {t('import.changed')} ({plan.changed.length})
          </h3>
          <ul className="grid max-h-64 gap-0.5 overflow-y-auto text-sm">
            {plan.changed.map((c) => (
              <li key={c.line} className="flex flex-wrap items-center gap-x-2">
                <span className="w-16 shrink-0 text-muted-foreground tabular-nums">
                  {t('import.line')} {c.line}
                </span>
                <span className="break-all">
                  {c.before.phrase === c.after.phrase
                    ? c.after.phrase
                    : `${c.before.phrase} → ${c.after.phrase}`}
                </span>
                <span className="text-muted-foreground">
                  {t(`actions.${c.before.action}`)} → {t(`actions.${c.after.action}`)}
                </span>
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
 * refused. Export: download the whole list in either format.
 */
export function WordImportPanel() {
  const { t } = useTranslation('words')
  const toast = useToast()
  const ids = { text: useId(), format: useId(), file: useId(), hint: useId() }
  const fileRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [format, setFormat] = useState<WordFileFormat>('txt')
  const [fileName, setFileName] = useState<string | null>(null)
  const [readError, setReadError] = useState(false)
  const [checked, setChecked] = useState<Checked | null>(null)
  const run = useImportWords()
  const applicable = canApplyWords(checked, text, format)
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
      setFormat(detectWordFormat(file.name, content))
      setChecked(null)
      run.reset()
    } catch {
      setReadError(true)
    }
  }

  const submit = (dryRun: boolean) => {
    run.mutate(
      { text, format, dryRun },
      {
        onSuccess: (plan) => {
          setChecked({ text, format, plan })
          if (plan.applied) toast.success(t('import.applied', wordPlanCounts(plan)))
        },
      },
    )
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
            accept=".txt,.csv,text/plain,text/csv"
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
              onChange={(event) => setFormat(event.target.value as WordFileFormat)}
            >
              <option value="txt">{t('import.formats.txt')}</option>
              <option value="csv">{t('import.formats.csv')}</option>
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
              if (!fileName) setFormat(detectWordFormat(null, event.target.value))
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
          {(['txt', 'csv'] as const).map((f) => (
            <a
              key={f}
              href={wordExportUrl(f)}
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
