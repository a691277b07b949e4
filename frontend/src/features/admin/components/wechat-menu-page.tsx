import { useBlocker } from '@tanstack/react-router'
import { BadgeCheck, CloudUpload, ListChecks, Trash2, Undo2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError } from '@/lib/api-client.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { useToast } from '@/lib/toast.ts'
import { useDeleteWechatMenu } from '../api/delete-wechat-menu.ts'
import { useWechatMenu } from '../api/get-wechat-menu.ts'
import { usePublishWechatMenu } from '../api/publish-wechat-menu.ts'
import { useRollbackWechatMenuVersion } from '../api/rollback-wechat-menu-version.ts'
import type { Menu, MenuFault, MenuVersion } from '@/lib/api/types.ts'
import { useValidateWechatMenu } from '../api/validate-wechat-menu.ts'
import { ApiErrorAlert } from './api-error-alert.tsx'
import { MenuEditor, type FieldTouch } from './menu-editor.tsx'
import {
  fromMenu,
  findField,
  locateNode,
  menuSignature,
  placeFaults,
  toMenu,
  versionLabel,
  type EditorMenu,
  type PlacedFault,
} from './menu-model.ts'
import { MenuPreview } from './menu-preview.tsx'
import { MenuVersions } from './menu-versions.tsx'
import { PageHeader } from '@/components/page-header.tsx'

export function WechatMenuPage() {
  const { t } = useTranslation('admin')
  const menu = useWechatMenu()

  return (
    <div className="grid gap-6">
      <PageHeader title={t('menu.title')} description={t('menu.description')} />
      {/* Once loaded, a failed background refetch must not take the editor (and its edits) away. */}
      {menu.data !== undefined ? (
        <MenuWorkspace published={menu.data} />
      ) : menu.isError ? (
        <ApiErrorAlert
          error={menu.error}
          title={t('menu.loadFailed')}
          onRetry={() => void menu.refetch()}
        />
      ) : (
        <Spinner className="size-6 text-muted-foreground" />
      )}
    </div>
  )
}

/** A 422 `invalid_menu` carries the same faults as a validation. */
function faultsOf(error: unknown): MenuFault[] | null {
  if (!(error instanceof ApiError) || error.code !== 'invalid_menu') return null
  return Array.isArray(error.body.faults) ? (error.body.faults as MenuFault[]) : []
}

interface ActionFailure {
  title: string
  error: unknown
}

function MenuWorkspace({ published }: { published: Menu | null }) {
  const { t } = useTranslation('admin')
  const confirm = useConfirm()
  const toast = useToast()
  const validate = useValidateWechatMenu()
  const publish = usePublishWechatMenu()
  const remove = useDeleteWechatMenu()
  const rollback = useRollbackWechatMenuVersion()

  const [menu, setMenu] = useState<EditorMenu>(() => fromMenu(published))
  const [baseline, setBaseline] = useState(() => menuSignature(fromMenu(published)))
  const [faults, setFaults] = useState<PlacedFault[]>([])
  const [validated, setValidated] = useState(false)
  const [failure, setFailure] = useState<ActionFailure | null>(null)

  const dirty = menuSignature(menu) !== baseline
  const busy = validate.isPending || publish.isPending || remove.isPending || rollback.isPending

  // Leaving with unpublished edits asks first (in-app links and Back; a reload or closing the
  // tab gets the browser's own prompt). Modals that only change history state do not count.
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => dirty && current.pathname !== next.pathname,
    enableBeforeUnload: dirty,
    withResolver: true,
  })

  const edit = (next: EditorMenu, touched?: FieldTouch) => {
    setMenu(next)
    setValidated(false)
    setFaults((current) =>
      current.filter((fault) => {
        if (fault.nodeId === null) return !touched
        if (!locateNode(next, fault.nodeId)) return false
        return !(touched?.nodeId === fault.nodeId && touched.fields.includes(fault.field ?? ''))
      }),
    )
  }

  /** Replaces the editor's content (published, rolled back, loaded or discarded). */
  const reset = (next: Menu | null, { asBaseline }: { asBaseline: boolean }) => {
    const tree = fromMenu(next)
    setMenu(tree)
    if (asBaseline) setBaseline(menuSignature(tree))
    setFaults([])
    setValidated(false)
    setFailure(null)
  }

  const showFaults = (sent: EditorMenu, list: readonly MenuFault[]) => {
    setFaults(placeFaults(sent, list))
    setValidated(list.length === 0)
  }

  /** Asks the server to check the menu; true when it is valid. */
  const check = async (): Promise<boolean> => {
    const sent = menu
    setFailure(null)
    try {
      const result = await validate.mutateAsync(toMenu(sent))
      const list = result.faults ?? []
      showFaults(sent, list)
      return result.valid && list.length === 0
    } catch (error) {
      setFailure({ title: t('menu.validate.failed'), error })
      return false
    }
  }

  const onValidate = async () => {
    if (await check()) toast.success(t('menu.validate.ok'))
  }

  const onPublish = async () => {
    if (!(await check())) return
    const sent = menu
    confirm({
      type: 'confirm',
      title: t('menu.publish.confirmTitle'),
      description: t('menu.publish.confirmBody'),
      confirmLabel: t('menu.publish.confirm'),
      onConfirm: () =>
        publish.mutateAsync(toMenu(sent)).then(
          (response) => {
            setBaseline(menuSignature(sent))
            setFaults([])
            toast.success(response.message || t('menu.publish.done'))
          },
          (error: unknown) => {
            const list = faultsOf(error)
            if (list) showFaults(sent, list)
            setFailure({ title: t('menu.publish.failed'), error })
          },
        ),
    })
  }

  const onDelete = () =>
    confirm({
      type: 'confirm',
      title: t('menu.delete.confirmTitle'),
      description: t('menu.delete.confirmBody'),
      confirmLabel: t('menu.delete.confirm'),
      destructive: true,
      onConfirm: () =>
        remove.mutateAsync().then(
          (response) => {
            reset(null, { asBaseline: true })
            toast.success(response.message || t('menu.delete.done'))
          },
          (error: unknown) => setFailure({ title: t('menu.delete.failed'), error }),
        ),
    })

  const onDiscard = () =>
    confirm({
      type: 'confirm',
      title: t('menu.discard.confirmTitle'),
      description: t('menu.discard.confirmBody'),
      confirmLabel: t('menu.discard.confirm'),
      destructive: true,
      onConfirm: () => reset(published, { asBaseline: true }),
    })

  const onLoad = (version: MenuVersion) => {
    const load = () => {
      reset(version.menu, { asBaseline: false })
      toast.success(t('menu.versions.loaded', { id: versionLabel(version.id) }))
    }
    if (!dirty) {
      load()
      return
    }
    confirm({
      type: 'confirm',
      title: t('menu.versions.loadConfirmTitle'),
      description: t('menu.versions.loadConfirmBody'),
      confirmLabel: t('menu.versions.load'),
      onConfirm: load,
    })
  }

  const onRollback = (version: MenuVersion) => {
    const id = versionLabel(version.id)
    confirm({
      type: 'confirm',
      title: t('menu.versions.rollbackConfirmTitle', { id }),
      description: dirty
        ? t('menu.versions.rollbackConfirmBodyDirty', { id })
        : t('menu.versions.rollbackConfirmBody', { id }),
      confirmLabel: t('menu.versions.rollback'),
      onConfirm: () =>
        rollback.mutateAsync(version.id).then(
          (response) => {
            reset(response.version.menu, { asBaseline: true })
            toast.success(response.message || t('menu.versions.rolledBack', { id }))
          },
          (error: unknown) => setFailure({ title: t('menu.versions.rollbackFailed'), error }),
        ),
    })
  }

  const focusFault = (fault: PlacedFault) => {
    if (!fault.nodeId) return
    const target =
      (fault.field && findField(fault.nodeId, fault.field)) || findField(fault.nodeId, 'name')
    target?.focus()
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-xs md:flex-row md:items-center md:p-4">
        <div className="flex flex-wrap items-center gap-2">
          {dirty ? (
            <Badge tone="warning">{t('menu.status.unsaved')}</Badge>
          ) : published ? (
            <Badge tone="success">{t('menu.status.published')}</Badge>
          ) : (
            <Badge>{t('menu.status.none')}</Badge>
          )}
          {validated && (
            <Badge tone="success">
              <BadgeCheck aria-hidden="true" className="size-3" />
              {t('menu.status.valid')}
            </Badge>
          )}
        </div>
        {/* Phones: two columns with the main actions first; desktop: one row, Publish last. */}
        <div className="grid grid-cols-2 gap-2 md:ms-auto md:flex md:flex-wrap">
          {dirty && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onDiscard}
              disabled={busy}
              className="order-4 md:order-none"
            >
              <Undo2 aria-hidden="true" />
              {t('menu.actions.discard')}
            </Button>
          )}
          <Button
            variant="destructive-outline"
            size="sm"
            onClick={onDelete}
            disabled={busy || published === null}
            className="order-3 md:order-none"
          >
            <Trash2 aria-hidden="true" />
            {t('menu.actions.delete')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void onValidate()}
            loading={validate.isPending && !publish.isPending}
            disabled={busy}
            className="order-1 md:order-none"
          >
            <ListChecks aria-hidden="true" />
            {t('menu.actions.validate')}
          </Button>
          <Button
            size="sm"
            onClick={() => void onPublish()}
            disabled={busy}
            className="order-2 md:order-none"
          >
            <CloudUpload aria-hidden="true" />
            {t('menu.actions.publish')}
          </Button>
        </div>
      </div>

      {failure && !(faultsOf(failure.error) && faults.length > 0) && (
        <ApiErrorAlert error={failure.error} title={failure.title} />
      )}
      {faults.length > 0 && <FaultSummary menu={menu} faults={faults} onSelect={focusFault} />}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_300px] lg:items-start">
        <MenuEditor menu={menu} faults={faults} disabled={busy} onChange={edit} />
        <div className="lg:sticky lg:top-20">
          <MenuPreview menu={menu} />
        </div>
      </div>

      <MenuVersions disabled={busy} onLoad={onLoad} onRollback={onRollback} />

      <Modal
        open={blocker.status === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('menu.leave.title')}
        description={t('menu.leave.body')}
        role="alertdialog"
        size="sm"
        history={false}
        hideCloseButton
      >
        <div className="mt-2 flex flex-col-reverse gap-2 md:flex-row md:justify-end">
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            {t('menu.leave.stay')}
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            {t('menu.leave.leave')}
          </Button>
        </div>
      </Modal>
    </div>
  )
}

function FaultSummary({
  menu,
  faults,
  onSelect,
}: {
  menu: EditorMenu
  faults: readonly PlacedFault[]
  onSelect: (fault: PlacedFault) => void
}) {
  const { t } = useTranslation('admin')
  const fieldLabel = (field: string) => {
    switch (field) {
      case 'name':
      case 'type':
      case 'key':
      case 'url':
      case 'appid':
      case 'pagepath':
        return t(`menu.fields.${field}`)
      case 'sub_button':
        return t('menu.editor.subButtons')
      default:
        return field
    }
  }
  const where = (fault: PlacedFault): string => {
    const place = fault.nodeId ? locateNode(menu, fault.nodeId) : null
    if (!place) return t('menu.faults.wholeMenu')
    const parts = [t('menu.location.button', { n: place.button + 1 })]
    if (place.sub !== undefined) parts.push(t('menu.location.subButton', { n: place.sub + 1 }))
    if (fault.field) parts.push(fieldLabel(fault.field))
    return parts.join(' › ')
  }

  return (
    <Alert>
      <p className="font-medium">{t('menu.faults.title', { count: faults.length })}</p>
      <ul className="mt-2 grid gap-1.5" aria-label={t('menu.faults.listLabel')}>
        {faults.map((fault, index) => (
          <li key={`${fault.path}-${fault.code}-${index}`}>
            {fault.nodeId ? (
              <button
                type="button"
                className="cursor-pointer font-medium underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                onClick={() => onSelect(fault)}
              >
                {where(fault)}
              </button>
            ) : (
              <span className="font-medium">{where(fault)}</span>
            )}
            {t('menu.faults.separator')}
            {fault.message}
          </li>
        ))}
      </ul>
    </Alert>
  )
}
