import { ArrowDown, ArrowUp, OctagonAlert, Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Select } from '@/components/ui/select.tsx'
import { cn } from '@/lib/utils.ts'
import { ByteCounter } from './byte-counter.tsx'
import {
  ACTION_TYPES,
  actionFields,
  addButton,
  addSubButton,
  isActionType,
  MENU_LIMITS,
  moveButton,
  findField,
  moveSubButton,
  removeButton,
  removeSubButton,
  updateButton,
  updateSubButton,
  utf8Bytes,
  type ActionField,
  type EditorAction,
  type EditorButton,
  type EditorMenu,
  type EditorSubButton,
  type PlacedFault,
} from './menu-model.ts'

/** Which fields of which node an edit touched, so their (now stale) faults can go. */
export interface FieldTouch {
  nodeId: string
  fields: readonly string[]
}

interface MenuEditorProps {
  menu: EditorMenu
  faults: readonly PlacedFault[]
  disabled?: boolean
  onChange: (next: EditorMenu, touched?: FieldTouch) => void
}

function focusFieldSoon(nodeId: string, field: string) {
  setTimeout(() => findField(nodeId, field)?.focus(), 0)
}

/** The menu as a tree of up to 3 buttons, each an action or a parent of up to 5 sub-buttons. */
export function MenuEditor({ menu, faults, disabled = false, onChange }: MenuEditorProps) {
  const { t } = useTranslation('admin')
  const full = menu.length >= MENU_LIMITS.buttons

  const add = () => {
    const next = addButton(menu)
    onChange(next)
    const added = next.at(-1)
    if (added && next.length > menu.length) focusFieldSoon(added.id, 'name')
  }

  return (
    <section aria-labelledby="menu-editor-title" className="grid gap-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="menu-editor-title" className="text-lg font-semibold">
          {t('menu.editor.title')}
        </h2>
        <span className="text-sm text-muted-foreground tabular-nums">
          {t('menu.editor.buttonCount', { count: menu.length, limit: MENU_LIMITS.buttons })}
        </span>
      </div>
      {menu.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          {t('menu.editor.empty')}
        </p>
      ) : (
        <ol className="grid gap-4">
          {menu.map((button, index) => (
            <li key={button.id}>
              <ButtonCard
                menu={menu}
                button={button}
                index={index}
                faults={faults}
                disabled={disabled}
                onChange={onChange}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={add} disabled={disabled || full}>
          <Plus aria-hidden="true" />
          {t('menu.editor.addButton')}
        </Button>
        {full && (
          <span className="text-sm text-muted-foreground">{t('menu.editor.buttonLimit')}</span>
        )}
      </div>
    </section>
  )
}

interface NodeProps {
  menu: EditorMenu
  faults: readonly PlacedFault[]
  disabled: boolean
  onChange: (next: EditorMenu, touched?: FieldTouch) => void
}

function ButtonCard({
  menu,
  button,
  index,
  faults,
  disabled,
  onChange,
}: NodeProps & {
  button: EditorButton
  index: number
}) {
  const { t } = useTranslation('admin')
  const label = t('menu.location.button', { n: index + 1 })
  const own = faults.filter((fault) => fault.nodeId === button.id)
  const shown = new Set<string>([
    'name',
    'type',
    ...(button.kind === 'action' ? actionFields(button.type) : ['sub_button']),
  ])
  const general = own.filter((fault) => fault.field === null || !shown.has(fault.field))
  const update = (patch: Parameters<typeof updateButton>[2], fields: readonly string[]) =>
    onChange(updateButton(menu, button.id, patch), { nodeId: button.id, fields })

  return (
    <NodeCard
      label={label}
      name={button.name}
      faults={general}
      controls={
        <MoveRemove
          label={label}
          disabled={disabled}
          first={index === 0}
          last={index === menu.length - 1}
          onMove={(delta) => onChange(moveButton(menu, button.id, delta))}
          onRemove={() => onChange(removeButton(menu, button.id))}
        />
      }
    >
      <div className="grid items-start gap-4 md:grid-cols-2">
        <NameField
          node={button}
          limit={MENU_LIMITS.nameBytes}
          faults={own}
          disabled={disabled}
          onChange={(name) => update({ name }, ['name'])}
        />
        <TypeField
          node={button}
          allowParent
          value={button.kind === 'parent' ? 'parent' : button.type}
          faults={own}
          disabled={disabled}
          onChange={(value) =>
            update(value === 'parent' ? { kind: 'parent' } : { kind: 'action', type: value }, [
              'type',
              'sub_button',
              ...actionFields(button.type),
            ])
          }
        />
      </div>
      {button.kind === 'action' ? (
        <ActionFieldsEditor
          node={button}
          faults={own}
          disabled={disabled}
          onChange={(field, value) => update({ [field]: value }, [field])}
        />
      ) : (
        <SubButtonList
          menu={menu}
          button={button}
          faults={faults}
          disabled={disabled}
          onChange={onChange}
        />
      )}
    </NodeCard>
  )
}

function SubButtonList({
  menu,
  button,
  faults,
  disabled,
  onChange,
}: NodeProps & {
  button: EditorButton
}) {
  const { t } = useTranslation('admin')
  const subs = button.subButtons
  const full = subs.length >= MENU_LIMITS.subButtons
  const listFaults = faults.filter(
    (fault) => fault.nodeId === button.id && fault.field === 'sub_button',
  )

  const add = () => {
    const next = addSubButton(menu, button.id)
    onChange(next, { nodeId: button.id, fields: ['sub_button'] })
    const added = next.find((item) => item.id === button.id)?.subButtons.at(-1)
    if (added && !full) focusFieldSoon(added.id, 'name')
  }

  return (
    <div className="mt-5 grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h4 className="text-sm font-medium">{t('menu.editor.subButtons')}</h4>
        <span className="text-xs text-muted-foreground tabular-nums">
          {t('menu.editor.buttonCount', { count: subs.length, limit: MENU_LIMITS.subButtons })}
        </span>
      </div>
      {listFaults.length > 0 && <FaultMessages faults={listFaults} />}
      {subs.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('menu.editor.noSubButtons')}</p>
      ) : (
        <ol className="grid gap-3 border-s-2 ps-3 md:ps-4">
          {subs.map((sub, index) => (
            <li key={sub.id}>
              <SubButtonCard
                menu={menu}
                button={button}
                sub={sub}
                index={index}
                faults={faults}
                disabled={disabled}
                onChange={onChange}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={add} disabled={disabled || full}>
          <Plus aria-hidden="true" />
          {t('menu.editor.addSubButton')}
        </Button>
        {full && (
          <span className="text-sm text-muted-foreground">{t('menu.editor.subButtonLimit')}</span>
        )}
      </div>
    </div>
  )
}

function SubButtonCard({
  menu,
  button,
  sub,
  index,
  faults,
  disabled,
  onChange,
}: NodeProps & {
  button: EditorButton
  sub: EditorSubButton
  index: number
}) {
  const { t } = useTranslation('admin')
  const label = t('menu.location.subButton', { n: index + 1 })
  const own = faults.filter((fault) => fault.nodeId === sub.id)
  const shown = new Set<string>(['name', 'type', ...actionFields(sub.type)])
  const general = own.filter((fault) => fault.field === null || !shown.has(fault.field))
  const update = (patch: Parameters<typeof updateSubButton>[3], fields: readonly string[]) =>
    onChange(updateSubButton(menu, button.id, sub.id, patch), { nodeId: sub.id, fields })

  return (
    <NodeCard
      label={label}
      name={sub.name}
      faults={general}
      nested
      controls={
        <MoveRemove
          label={label}
          disabled={disabled}
          first={index === 0}
          last={index === button.subButtons.length - 1}
          onMove={(delta) => onChange(moveSubButton(menu, button.id, sub.id, delta))}
          onRemove={() => onChange(removeSubButton(menu, button.id, sub.id))}
        />
      }
    >
      <div className="grid items-start gap-4 md:grid-cols-2">
        <NameField
          node={sub}
          limit={MENU_LIMITS.subNameBytes}
          faults={own}
          disabled={disabled}
          onChange={(name) => update({ name }, ['name'])}
        />
        <TypeField
          node={sub}
          value={sub.type}
          faults={own}
          disabled={disabled}
          onChange={(type) => update({ type }, ['type', ...actionFields(sub.type)])}
        />
      </div>
      <ActionFieldsEditor
        node={sub}
        faults={own}
        disabled={disabled}
        onChange={(field, value) => update({ [field]: value }, [field])}
      />
    </NodeCard>
  )
}

function NodeCard({
  label,
  name,
  faults,
  controls,
  nested = false,
  children,
}: {
  label: string
  name: string
  faults: readonly PlacedFault[]
  controls: ReactNode
  nested?: boolean
  children: ReactNode
}) {
  return (
    <section
      role="group"
      aria-label={label}
      className={cn(
        'rounded-xl border p-4',
        nested ? 'bg-background' : 'bg-card shadow-xs md:p-5',
        faults.length > 0 && 'border-error/60',
      )}
    >
      <div className="mb-4 flex items-center gap-2">
        <h3 className={cn('shrink-0 font-semibold', nested && 'text-sm')}>{label}</h3>
        {name.trim() && (
          <span className="min-w-0 truncate text-sm text-muted-foreground">· {name}</span>
        )}
        <div className="ms-auto flex shrink-0 items-center gap-0.5">{controls}</div>
      </div>
      {faults.length > 0 && <FaultMessages faults={faults} className="mb-4" />}
      {children}
    </section>
  )
}

function MoveRemove({
  label,
  disabled,
  first,
  last,
  onMove,
  onRemove,
}: {
  label: string
  disabled: boolean
  first: boolean
  last: boolean
  onMove: (delta: -1 | 1) => void
  onRemove: () => void
}) {
  const { t } = useTranslation('admin')
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        aria-label={t('menu.editor.moveUp', { item: label })}
        disabled={disabled || first}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        aria-label={t('menu.editor.moveDown', { item: label })}
        disabled={disabled || last}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        variant="destructive-ghost"
        size="sm"
        iconOnly
        aria-label={t('menu.editor.remove', { item: label })}
        disabled={disabled}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </>
  )
}

function FaultMessages({
  faults,
  className,
}: {
  faults: readonly PlacedFault[]
  className?: string
}) {
  return (
    <ul className={cn('grid gap-1 text-sm text-error', className)}>
      {faults.map((fault, index) => (
        <li key={`${fault.path}-${fault.code}-${index}`} className="flex gap-1.5">
          <OctagonAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{fault.message}</span>
        </li>
      ))}
    </ul>
  )
}

function fieldError(faults: readonly PlacedFault[], field: string): ReactNode {
  const messages = faults.filter((fault) => fault.field === field).map((fault) => fault.message)
  if (messages.length === 0) return undefined
  return messages.map((message, index) => (
    <span key={index} className="block">
      {message}
    </span>
  ))
}

function NameField({
  node,
  limit,
  faults,
  disabled,
  onChange,
}: {
  node: { id: string; name: string }
  limit: number
  faults: readonly PlacedFault[]
  disabled: boolean
  onChange: (name: string) => void
}) {
  const { t } = useTranslation('admin')
  return (
    <LimitedInput
      nodeId={node.id}
      field="name"
      label={t('menu.fields.name')}
      value={node.name}
      limit={limit}
      error={fieldError(faults, 'name')}
      disabled={disabled}
      onChange={onChange}
    />
  )
}

function LimitedInput({
  nodeId,
  field,
  label,
  value,
  limit,
  error,
  hint,
  disabled,
  type = 'text',
  placeholder,
  onChange,
}: {
  nodeId: string
  field: string
  label: string
  value: string
  limit?: number
  error: ReactNode
  hint?: string
  disabled: boolean
  type?: 'text' | 'url'
  placeholder?: string
  onChange: (value: string) => void
}) {
  const over = limit !== undefined && utf8Bytes(value) > limit
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      aside={limit !== undefined ? <ByteCounter value={value} limit={limit} /> : undefined}
    >
      {(control) => (
        <Input
          {...control}
          aria-invalid={control['aria-invalid'] ?? (over || undefined)}
          data-field={`${nodeId}.${field}`}
          type={type}
          inputMode={type === 'url' ? 'url' : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}

function TypeField({
  node,
  value,
  allowParent = false,
  faults,
  disabled,
  onChange,
}: {
  node: { id: string }
  value: string
  allowParent?: boolean
  faults: readonly PlacedFault[]
  disabled: boolean
  onChange: (value: string) => void
}) {
  const { t } = useTranslation('admin')
  const unknown = value !== '' && value !== 'parent' && !isActionType(value)
  return (
    <Field label={t('menu.fields.type')} error={fieldError(faults, 'type')}>
      {(control) => (
        <Select
          {...control}
          data-field={`${node.id}.type`}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        >
          {value === '' && (
            <option value="" disabled>
              {t('menu.types.none')}
            </option>
          )}
          {allowParent && <option value="parent">{t('menu.types.parent')}</option>}
          {ACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`menu.types.${type}`)}
            </option>
          ))}
          {unknown && (
            <option value={value} disabled>
              {t('menu.types.unsupported', { type: value })}
            </option>
          )}
        </Select>
      )}
    </Field>
  )
}

function ActionFieldsEditor({
  node,
  faults,
  disabled,
  onChange,
}: {
  node: EditorAction & { id: string }
  faults: readonly PlacedFault[]
  disabled: boolean
  onChange: (field: ActionField, value: string) => void
}) {
  const { t } = useTranslation('admin')
  if (!isActionType(node.type)) return null
  const input = (field: ActionField, props: Partial<Parameters<typeof LimitedInput>[0]> = {}) => (
    <LimitedInput
      key={field}
      nodeId={node.id}
      field={field}
      label={t(`menu.fields.${field}`)}
      value={node[field]}
      error={fieldError(faults, field)}
      disabled={disabled}
      onChange={(value) => onChange(field, value)}
      {...props}
    />
  )
  return (
    <div className="mt-4 grid items-start gap-4 md:grid-cols-2">
      {node.type === 'click' &&
        input('key', {
          limit: MENU_LIMITS.keyBytes,
          hint: t('menu.hints.key'),
          placeholder: 'V1001_ABOUT',
        })}
      {node.type === 'view' && (
        <div className="md:col-span-2">
          {input('url', {
            limit: MENU_LIMITS.urlBytes,
            type: 'url',
            hint: t('menu.hints.url'),
            placeholder: 'https://',
          })}
        </div>
      )}
      {node.type === 'miniprogram' && (
        <>
          {input('appid', { placeholder: 'wx…' })}
          {input('pagepath', { placeholder: 'pages/index/index' })}
          <div className="md:col-span-2">
            {input('url', {
              label: t('menu.fields.fallbackUrl'),
              limit: MENU_LIMITS.urlBytes,
              type: 'url',
              hint: t('menu.hints.fallbackUrl'),
              placeholder: 'https://',
            })}
          </div>
        </>
      )}
    </div>
  )
}
