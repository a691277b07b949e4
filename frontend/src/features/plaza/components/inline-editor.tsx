import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { MentionTextarea } from '@/components/mention-textarea.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useLeaveGuard } from '@/lib/leave-guard.ts'
import { charCount } from '@/lib/text.ts'
import { dropEditDraft, editDraft, keepEditDraft } from '../edit-drafts.ts'

/** What a save found: saved, or someone edited since (the item now shows their version). */
export type EditResult = 'saved' | 'conflict'

/**
 * Edits a text in place: the draft is kept under `draftKey` while it is open (it survives a
 * re-render or a remount, see `edit-drafts.ts`), Ctrl/⌘ + Enter saves, Escape or Cancel closes.
 * A refused save keeps the text: a stale one (`conflict`) says that someone edited it meanwhile
 * and that saving again replaces their version.
 */
export function InlineEditor({
  id,
  draftKey,
  initial,
  max,
  allowEmpty = false,
  label,
  save,
  onClose,
}: {
  id: string
  draftKey: string
  initial: string
  max: number
  /** A post with images may have no text. */
  allowEmpty?: boolean
  label: string
  save: (body: string) => Promise<EditResult>
  onClose: () => void
}) {
  const { t } = useTranslation('plaza')
  const [text, setText] = useState(() => editDraft(draftKey) ?? initial)
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const length = charCount(text)
  const changed = text.trim() !== initial.trim()
  useLeaveGuard({ when: changed })

  const invalid = length > max || (length === 0 && !allowEmpty)

  const change = (value: string) => {
    setText(value)
    keepEditDraft(draftKey, value)
  }

  const close = () => {
    dropEditDraft(draftKey)
    onClose()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (invalid || saving) return
    setSaving(true)
    setProblem(null)
    try {
      const result = await save(text.trim())
      if (result === 'conflict') {
        setProblem(t('edit.conflict'))
        return
      }
      close()
    } catch (failure) {
      setProblem(errorMessage(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <MentionTextarea
        id={id}
        value={text}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        autoFocus
        onChange={(event) => change(event.target.value)}
        aria-invalid={length > max || undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="min-h-16 resize-y"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            event.currentTarget.form?.requestSubmit()
          } else if (event.key === 'Escape' && !changed) {
            event.preventDefault()
            close()
          }
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" loading={saving} disabled={invalid || !changed}>
          {t('edit.save')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={close}>
          {t('edit.cancel')}
        </Button>
        {length > max * 0.8 && (
          <span
            className={`ms-auto text-xs ${length > max ? 'text-error' : 'text-muted-foreground'}`}
          >
            {length}/{max}
          </span>
        )}
      </div>
      {problem && <Alert id={`${id}-problem`}>{problem}</Alert>}
    </form>
  )
}
