import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { charCount } from '@/lib/text.ts'

/** The most characters of a removal's reason (the server's `reason`). */
const REASON_MAX_CHARS = 200

/**
 * An administrator removes someone else's post or comment: an optional reason, told to its
 * author (the server records it in the audit log too). `remove` throws to keep the dialog open
 * with the server's message.
 */
export function RemovalDialog({
  title,
  confirmLabel,
  remove,
  onClose,
}: {
  title: string
  confirmLabel: string
  remove: (reason: string | undefined) => Promise<void>
  onClose: () => void
}) {
  const { t } = useTranslation('plaza')
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const length = charCount(reason)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (length > REASON_MAX_CHARS || busy) return
    setBusy(true)
    setProblem(null)
    try {
      await remove(reason.trim() || undefined)
      onClose()
    } catch (failure) {
      setProblem(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open onClose={onClose} title={title} description={t('removal.body')} role="alertdialog">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3">
        <label htmlFor="removal-reason" className="text-sm font-medium">
          {t('removal.reason')}
        </label>
        <Textarea
          id="removal-reason"
          value={reason}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={length > REASON_MAX_CHARS || undefined}
          placeholder={t('removal.placeholder')}
        />
        <span
          className={`text-xs ${length > REASON_MAX_CHARS ? 'text-error' : 'text-muted-foreground'}`}
        >
          {length}/{REASON_MAX_CHARS}
        </span>
        {problem && <Alert>{problem}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('edit.cancel')}
          </Button>
          <Button
            type="submit"
            variant="destructive"
            loading={busy}
            disabled={length > REASON_MAX_CHARS}
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
