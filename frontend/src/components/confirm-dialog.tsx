import { useAtomValue, useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { acceptConfirmAtom, closeConfirmAtom, confirmStateAtom } from '@/lib/confirm.ts'
import { Button } from './ui/button.tsx'
import { Modal } from './ui/modal.tsx'

/** The app's single confirm dialog (spec §2.6, §4.7); open it with `useConfirm()`. */
export function ConfirmDialog() {
  const { t } = useTranslation()
  const state = useAtomValue(confirmStateAtom)
  const close = useSetAtom(closeConfirmAtom)
  const accept = useSetAtom(acceptConfirmAtom)
  const dismiss = () => {
    if (!state.loading) close()
  }
  const isConfirm = state.type === 'confirm'

  return (
    <Modal
      open={state.open}
      onClose={dismiss}
      title={state.title}
      description={state.description}
      role={isConfirm ? 'alertdialog' : 'dialog'}
      size="sm"
      history={state.history ?? true}
      hideCloseButton
    >
      <div className="mt-2 flex flex-col-reverse gap-2 md:flex-row md:justify-end">
        {isConfirm && (
          <Button variant="outline" onClick={dismiss} disabled={state.loading}>
            {state.cancelLabel ?? t('actions.cancel')}
          </Button>
        )}
        <Button
          variant={state.destructive ? 'destructive' : 'primary'}
          loading={state.loading}
          onClick={() => void accept()}
        >
          {state.confirmLabel ?? (isConfirm ? t('actions.confirm') : t('actions.ok'))}
        </Button>
      </div>
    </Modal>
  )
}
