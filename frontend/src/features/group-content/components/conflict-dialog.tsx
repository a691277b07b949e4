import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import type { Article } from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'

/**
 * A save refused because someone saved the article meanwhile (409 `edit_conflict`): take their
 * version, or save this one over it. Closing it decides nothing; the editor keeps saying so.
 */
export function ConflictDialog({
  current,
  open,
  onClose,
  onReloadTheirs,
  onKeepMine,
}: {
  current: Article
  open: boolean
  onClose: () => void
  onReloadTheirs: () => void
  onKeepMine: () => void
}) {
  const { t } = useTranslation('group-content')
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      // It can open while the router holds a navigation (leaving saves first); a history entry
      // pushed then would corrupt the history stack (see `openModal`).
      history={false}
      title={t('conflict.title')}
      description={t('conflict.body', { time: formatDateTime(current.updatedAt) })}
    >
      <div className="grid gap-4">
        <div className="rounded-md border bg-muted/50 p-3 text-sm">
          <p className="font-medium">{t('conflict.theirs')}</p>
          <p className="mt-1 wrap-anywhere">{current.title}</p>
          {current.excerpt && (
            <p className="mt-1 line-clamp-3 wrap-anywhere text-muted-foreground">
              {current.excerpt}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
          <Button variant="outline" onClick={onReloadTheirs}>
            {t('conflict.reloadTheirs')}
          </Button>
          <Button onClick={onKeepMine}>{t('conflict.keepMine')}</Button>
        </div>
      </div>
    </Modal>
  )
}
