import { Download, X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { PagedList } from '@/components/paged-list.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardTitle } from '@/components/ui/card.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Select } from '@/components/ui/select.tsx'
import type { AuditAction, AuditEvent } from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'
import { useAudit } from '../api/list-audit.ts'
import {
  actionLabelKey,
  auditExportHref,
  auditFilterError,
  hasAuditFilters,
  NO_AUDIT_FILTERS,
  type AuditFilters,
} from './audit-model.ts'
import { AUDIT_ACTIONS } from './audit-actions.ts'
import type { NamedFilter } from './gallery-model.ts'
import { NameFilterField } from './name-filter.tsx'
import { ShortId } from './short-id.tsx'

/**
 * `/admin/logs`: the audit log, newest first, filtered by action, actor, target and dates, with
 * "load more" and a CSV export of the same filters. A table on desktop, cards on phones.
 */
export function LogsPage() {
  const { t } = useTranslation('audit')
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS)
  // The chosen actor's name, for the filter's chip (the filter itself is the id).
  const [actorName, setActorName] = useState('')
  const filterError = auditFilterError(filters)
  const audit = useAudit(filters, filterError === null)
  const items = useMemo(() => audit.data?.pages.flatMap((page) => page.items) ?? [], [audit.data])
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...patch }))
  const chooseActor = (actor: NamedFilter) => {
    set({ actor: actor.id })
    setActorName(actor.name)
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          filterError === null ? (
            <Button asChild variant="outline">
              <a href={auditExportHref(filters)} download title={t('export.hint')}>
                <Download aria-hidden="true" />
                {t('export.button')}
              </a>
            </Button>
          ) : (
            <Button variant="outline" disabled title={t('export.hint')}>
              <Download aria-hidden="true" />
              {t('export.button')}
            </Button>
          )
        }
      />
      <AuditFilterForm
        filters={filters}
        actorName={actorName}
        onChange={set}
        onActor={(actor) => {
          set({ actor: actor?.id ?? '' })
          setActorName(actor?.name ?? '')
        }}
        onClear={() => setFilters(NO_AUDIT_FILTERS)}
      />
      <section aria-label={t('list.label')}>
        <PagedList
          query={audit}
          itemCount={items.length}
          enabled={filterError === null}
          texts={{
            loading: t('list.loading'),
            loadFailed: (message: string) => t('list.loadFailed', { message }),
            retry: t('list.retry'),
            empty: t('list.empty'),
            loadMore: t('list.loadMore'),
          }}
        >
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('list.count', { count: items.length })}
            </p>
            <EventTable events={items} onActor={chooseActor} />
            <ul className="grid gap-3 md:hidden" data-testid="audit-cards">
              {items.map((event) => (
                <EventCard key={event.id} event={event} onActor={chooseActor} />
              ))}
            </ul>
          </>
        </PagedList>
      </section>
    </div>
  )
}

/** An action's label in the interface language. */
export function ActionLabel({ action }: { action: AuditAction }) {
  const { t } = useTranslation('audit')
  return <>{t(actionLabelKey(action))}</>
}

type OnActor = (actor: NamedFilter) => void

function ActorName({ event, onActor }: { event: AuditEvent; onActor: OnActor }) {
  const { t } = useTranslation('audit')
  if (!event.actorId) return <span className="text-muted-foreground">{t('anonymous')}</span>
  const name = event.actorNickname
    ? event.actorNickname === event.actorUsername
      ? `@${event.actorUsername}`
      : `${event.actorNickname} (@${event.actorUsername ?? ''})`
    : t('deletedUser')
  const actorId = event.actorId
  return (
    <button
      type="button"
      className="text-start wrap-anywhere underline-offset-2 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      title={t('filters.byActor', { name })}
      aria-label={t('filters.byActor', { name })}
      onClick={() =>
        onActor({
          id: actorId,
          name: event.actorUsername ? `@${event.actorUsername}` : actorId.slice(0, 8),
        })
      }
    >
      {name}
    </button>
  )
}

/** The table's columns; the action, the time and the address never wrap. */
const COLUMN_CLASS = {
  at: 'whitespace-nowrap',
  action: 'whitespace-nowrap',
  actor: 'min-w-36',
  target: 'whitespace-nowrap',
  ip: 'whitespace-nowrap',
  detail: 'min-w-48',
} as const

function EventTable({ events, onActor }: { events: AuditEvent[]; onActor: OnActor }) {
  const { t } = useTranslation('audit')
  return (
    <div
      className="hidden overflow-x-auto rounded-xl border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:block"
      role="region"
      aria-label={t('list.label')}
      // A narrow window scrolls the table sideways: the keyboard can too.
      tabIndex={0}
    >
      <table className="w-full text-sm" data-testid="audit-table">
        <thead className="bg-muted/50 text-start text-muted-foreground">
          <tr>
            {(['at', 'action', 'actor', 'target', 'ip', 'detail'] as const).map((col) => (
              <th
                key={col}
                scope="col"
                className={`px-3 py-2 text-start font-medium ${COLUMN_CLASS[col]}`}
              >
                {t(`columns.${col}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {events.map((event) => (
            <tr key={event.id} data-action={event.action}>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                <time dateTime={event.at}>{formatDateTime(event.at, true)}</time>
              </td>
              <td className="px-3 py-2 font-medium whitespace-nowrap" data-column="action">
                <span data-action-label>
                  <ActionLabel action={event.action} />
                </span>
              </td>
              <td className="min-w-36 px-3 py-2">
                <ActorName event={event} onActor={onActor} />
              </td>
              <td className="px-3 py-1 whitespace-nowrap">
                {event.target ? <ShortId value={event.target} /> : t('none')}
              </td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{event.ip ?? t('none')}</td>
              <td className="min-w-48 px-3 py-2 wrap-anywhere text-muted-foreground">
                {event.detail ?? t('none')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function EventCard({ event, onActor }: { event: AuditEvent; onActor: OnActor }) {
  const { t } = useTranslation('audit')
  return (
    <li data-action={event.action}>
      <Card className="grid gap-2 p-4 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="font-medium">
            <ActionLabel action={event.action} />
          </span>
          <time dateTime={event.at} className="text-xs text-muted-foreground tabular-nums">
            {formatDateTime(event.at, true)}
          </time>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">{t('columns.actor')}</dt>
          <dd>
            <ActorName event={event} onActor={onActor} />
          </dd>
          <dt className="text-muted-foreground">{t('columns.target')}</dt>
          <dd className="min-w-0">{event.target ? <ShortId value={event.target} /> : t('none')}</dd>
          <dt className="text-muted-foreground">{t('columns.ip')}</dt>
          <dd className="tabular-nums">{event.ip ?? t('none')}</dd>
          {event.detail && (
            <>
              <dt className="text-muted-foreground">{t('columns.detail')}</dt>
              <dd className="wrap-anywhere">{event.detail}</dd>
            </>
          )}
        </dl>
      </Card>
    </li>
  )
}

function AuditFilterForm({
  filters,
  actorName,
  onChange,
  onActor,
  onClear,
}: {
  filters: AuditFilters
  actorName: string
  onChange: (patch: Partial<AuditFilters>) => void
  onActor: (actor: NamedFilter | null) => void
  onClear: () => void
}) {
  const { t } = useTranslation('audit')
  const error = auditFilterError(filters)
  return (
    <Card className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('filters.title')}</CardTitle>
        {hasAuditFilters(filters) && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            {t('filters.clear')}
          </Button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Field label={t('filters.action')}>
          {(control) => (
            <Select
              {...control}
              value={filters.action ?? ''}
              onChange={(event) =>
                onChange({ action: (event.target.value || null) as AuditAction | null })
              }
            >
              <option value="">{t('filters.allActions')}</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(actionLabelKey(action))}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <NameFilterField
          kind="users"
          label={t('filters.actor')}
          value={
            filters.actor
              ? { id: filters.actor, name: actorName || filters.actor.slice(0, 8) }
              : null
          }
          onChange={onActor}
        />
        <Field label={t('filters.target')} hint={t('filters.targetHint')}>
          {(control) => (
            <Input
              {...control}
              value={filters.target}
              placeholder={t('filters.targetPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              onChange={(event) => onChange({ target: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('filters.from')}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.from}
              onChange={(event) => onChange({ from: event.target.value })}
            />
          )}
        </Field>
        <Field
          label={t('filters.to')}
          error={error === 'invalidRange' ? t('filters.invalidRange') : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.to}
              onChange={(event) => onChange({ to: event.target.value })}
            />
          )}
        </Field>
      </div>
    </Card>
  )
}
