import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Modal } from '@/components/ui/modal.tsx'

interface RenameDialogProps {
  /** The title shown in the field at first. */
  initialTitle: string
  onClose: () => void
  /** Called with the trimmed, non-empty new title (spec §5). */
  onRename: (title: string) => void
}

/** Renames a conversation; an empty (or blank) title does nothing. */
export function RenameDialog({ initialTitle, onClose, onRename }: RenameDialogProps) {
  const { t } = useTranslation('ai')
  const { t: tc } = useTranslation()
  const [title, setTitle] = useState(initialTitle)
  const inputRef = useRef<HTMLInputElement>(null)
  const trimmed = title.trim()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!trimmed) return
    // Saving the title as it was shown changes nothing (a translated '新会话 N' stays data).
    if (trimmed !== initialTitle) onRename(trimmed)
    onClose()
  }

  return (
    <Modal open onClose={onClose} title={t('rename.title')} size="sm" initialFocusRef={inputRef}>
      <form onSubmit={onSubmit} className="grid gap-4">
        <Field label={t('rename.label')}>
          {(control) => (
            <Input
              {...control}
              ref={inputRef}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              onFocus={(event) => event.currentTarget.select()}
              maxLength={100}
              autoComplete="off"
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
          <Button variant="outline" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" disabled={!trimmed}>
            {t('rename.save')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
