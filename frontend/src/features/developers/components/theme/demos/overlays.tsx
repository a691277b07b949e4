import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { useConfirm, type ConfirmType } from '@/lib/confirm.ts'
import { useToast } from '@/lib/toast.ts'

export function ModalDemo() {
  const { t } = useTranslation('developers')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('theme.sample.openDialog')}</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('theme.sample.dialogTitle')}
        description={t('theme.sample.dialogBody')}
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            setOpen(false)
          }}
        >
          <Field label={t('theme.sample.groupName')}>{(control) => <Input {...control} />}</Field>
          <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('theme.sample.create')}</Button>
          </div>
        </form>
      </Modal>
    </>
  )
}

export function ToastDemo() {
  const { t } = useTranslation('developers')
  const toast = useToast()
  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="outline" onClick={() => toast.success(t('theme.sample.toast.success'))}>
        {t('theme.sample.toast.showSuccess')}
      </Button>
      <Button variant="outline" onClick={() => toast.warning(t('theme.sample.toast.warning'))}>
        {t('theme.sample.toast.showWarning')}
      </Button>
      <Button variant="outline" onClick={() => toast.error(t('theme.sample.toast.error'))}>
        {t('theme.sample.toast.showError')}
      </Button>
    </div>
  )
}

export function ToastDetailsDemo() {
  const { t } = useTranslation('developers')
  const toast = useToast()
  return (
    <Button
      variant="outline"
      onClick={() =>
        toast.error(t('theme.sample.toast.error'), {
          details: t('theme.sample.toast.details'),
          duration: 10_000,
        })
      }
    >
      {t('theme.sample.toast.showDetails')}
    </Button>
  )
}

const CONFIRM_TYPES: ConfirmType[] = ['confirm', 'info', 'success', 'warning', 'error']

export function ConfirmTypesDemo() {
  const { t } = useTranslation('developers')
  const confirm = useConfirm()
  return (
    <div className="flex flex-wrap gap-3">
      {CONFIRM_TYPES.map((type) => (
        <Button
          key={type}
          variant="outline"
          onClick={() =>
            confirm({
              type,
              title: t(`theme.sample.confirm.${type}.title`),
              description: t(`theme.sample.confirm.${type}.body`),
            })
          }
        >
          {t(`theme.sample.confirm.${type}.button`)}
        </Button>
      ))}
    </div>
  )
}

export function ConfirmDestructiveDemo() {
  const { t } = useTranslation('developers')
  const confirm = useConfirm()
  const toast = useToast()
  return (
    <Button
      variant="destructive"
      onClick={() =>
        confirm({
          type: 'confirm',
          title: t('theme.sample.confirm.delete.title'),
          description: t('theme.sample.confirm.delete.body'),
          confirmLabel: t('theme.sample.delete'),
          destructive: true,
          // The dialog shows a spinner until this settles, then closes.
          onConfirm: () =>
            new Promise<void>((resolve) => setTimeout(resolve, 1200)).then(
              () => void toast.success(t('theme.sample.confirm.delete.done')),
            ),
        })
      }
    >
      {t('theme.sample.confirm.delete.button')}
    </Button>
  )
}
