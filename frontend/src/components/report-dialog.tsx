import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { LengthCounter, Textarea } from '@/components/ui/textarea.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { createReport } from '@/lib/api/create-report.ts'
import type { ReportReason, ReportSubjectKind } from '@/lib/api/types.ts'
import { charCount } from '@/lib/text.ts'
import { useToast } from '@/lib/toast.ts'
import { cn } from '@/lib/utils.ts'

/** The server's longest note (`NewReportBody.note`, docs/moderation.md "Bounds"). */
const NOTE_MAX = 500

const REASONS: readonly ReportReason[] = ['spam', 'abuse', 'illegal', 'privacy', 'other']

/** What is reported: a post's, a comment's, … a person's id. */
export interface ReportSubject {
  kind: ReportSubjectKind
  id: string
}

/**
 * "Report": a reason (a note needed with "other", at most 500 characters), then
 * `POST /api/reports`; the server's thanks as a toast. A refusal keeps the dialog and what was
 * typed: the server's words for a field beside it, anything else (404, one's own content, 429)
 * above the buttons. Strings in the lazy `reports` namespace (loaded with this module).
 */
export function ReportDialog({
  subject,
  onClose,
}: {
  subject: ReportSubject
  onClose: () => void
}) {
  const { t } = useTranslation('reports')
  const toast = useToast()
  const id = useId()
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [tried, setTried] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)

  const fields = failure instanceof ApiError ? (failure.body.fields ?? {}) : {}
  const tooLong = charCount(note) > NOTE_MAX
  const noteMissing = reason === 'other' && note.trim() === ''
  const reasonError = tried && reason === null ? t('dialog.reasonRequired') : fields.reason
  const noteError =
    (tooLong ? t('dialog.noteTooLong', { max: NOTE_MAX }) : undefined) ??
    (tried && noteMissing ? t('dialog.noteRequired') : undefined) ??
    fields.note
  const formError = failure && Object.keys(fields).length === 0 ? errorMessage(failure) : null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (busy || reason === null || noteMissing || tooLong) return
    setBusy(true)
    setFailure(null)
    try {
      const answer = await createReport({
        kind: subject.kind,
        id: subject.id,
        reason,
        note: note.trim() === '' ? undefined : note.trim(),
      })
      toast.success(answer.message)
      onClose()
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t(`dialog.titles.${subject.kind}`)}
      description={t('dialog.description')}
    >
      <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
        <fieldset
          className="grid gap-2"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium">{t('dialog.reason')}</legend>
          {REASONS.map((value) => (
            <label
              key={value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-accent',
                'has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              )}
            >
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 shrink-0 accent-primary"
              />
              {t(`reasons.${value}`)}
            </label>
          ))}
          {reasonError && (
            <p id={`${id}-reason-error`} className="text-xs text-error">
              {reasonError}
            </p>
          )}
        </fieldset>
        <div className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={`${id}-note`} className="text-sm font-medium">
              {t('dialog.note')}
            </label>
            <span id={`${id}-count`} className="text-xs">
              <LengthCounter value={note} max={NOTE_MAX} />
            </span>
          </div>
          <Textarea
            id={`${id}-note`}
            value={note}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
            required={reason === 'other'}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={[`${id}-count`, noteError && `${id}-note-error`]
              .filter(Boolean)
              .join(' ')}
            placeholder={
              reason === 'other' ? t('dialog.notePlaceholder') : t('dialog.noteOptional')
            }
          />
          {noteError && (
            <p id={`${id}-note-error`} className="text-xs text-error">
              {noteError}
            </p>
          )}
        </div>
        {formError && <Alert role="alert">{formError}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={tooLong}>
            {t('dialog.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
