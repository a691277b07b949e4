import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { LengthCounter, Textarea } from '@/components/ui/textarea.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { charCount } from '@/lib/text.ts'

/** The dialog's words, from the caller's own namespace. */
interface ReasonDialogTexts {
  /** What happens (deleted for everyone, its author told). */
  description: ReactNode
  /** The reason's label: optional, and told to the author. */
  reason: string
  placeholder: string
  cancel: string
}

/**
 * Someone who moderates (a plaza administrator, a group's manager) removes someone else's
 * content: an optional reason, at most `max` characters (trimmed, counted as the server counts),
 * told to its author. `remove` gets the reason (`undefined` when blank) and throws to keep the
 * dialog open, the reason as typed, with the server's message.
 */
export function ReasonDialog({
  title,
  confirmLabel,
  max,
  texts,
  remove,
  onClose,
}: {
  title: string
  confirmLabel: string
  max: number
  texts: ReasonDialogTexts
  remove: (reason: string | undefined) => Promise<void>
  onClose: () => void
}) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const tooLong = charCount(reason) > max

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (tooLong || busy) return
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
    <Modal open onClose={onClose} title={title} description={texts.description} role="alertdialog">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium">
          {texts.reason}
        </label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-count`}
          placeholder={texts.placeholder}
        />
        <span id={`${id}-count`} className="text-xs">
          <LengthCounter value={reason} max={max} />
        </span>
        {problem && <Alert>{problem}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" variant="destructive" loading={busy} disabled={tooLong}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
