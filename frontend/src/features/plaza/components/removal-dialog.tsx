import { useTranslation } from 'react-i18next'
import { ReasonDialog } from '@/components/reason-dialog.tsx'

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
  return (
    <ReasonDialog
      title={title}
      confirmLabel={confirmLabel}
      max={REASON_MAX_CHARS}
      texts={{
        description: t('removal.body'),
        reason: t('removal.reason'),
        placeholder: t('removal.placeholder'),
        cancel: t('edit.cancel'),
      }}
      remove={remove}
      onClose={onClose}
    />
  )
}
