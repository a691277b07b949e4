// The audit log's filters apart from React: what the form holds, what it asks the server (the
// list and the CSV export share one query), and how an action reads.
import type { AuditAction } from '@/lib/api/types.ts'
import { parseId } from './gallery-model.ts'

/** What the filter form holds. Dates are `<input type="date">` values (`YYYY-MM-DD`, local). */
export interface AuditFilters {
  /** One action, or every action (`null`). */
  action: AuditAction | null
  /** A user id typed or pasted (applied once it is a whole id). */
  actor: string
  /** An exact target: a username, a masked phone number, an id. */
  target: string
  from: string
  to: string
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  action: null,
  actor: '',
  target: '',
  from: '',
  to: '',
}

export function hasAuditFilters(f: AuditFilters): boolean {
  return f.action !== null || f.actor !== '' || f.target !== '' || f.from !== '' || f.to !== ''
}

/** Local midnight of a `YYYY-MM-DD` day, `days` later, as an instant (RFC 3339, UTC). */
function localMidnight(day: string, days = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** What keeps the filters from being asked: a partial actor id, or a range that ends first. */
export function auditFilterError(f: AuditFilters): 'invalidActor' | 'invalidRange' | null {
  if (f.actor.trim() !== '' && parseId(f.actor) === null) return 'invalidActor'
  if (f.from && f.to && f.to < f.from) return 'invalidRange'
  return null
}

/**
 * The query string of these filters (no cursor or limit), for the list and the export alike:
 * `from` is the start of its day, `to` the whole of its day (the server's `until` is exclusive).
 */
export function auditFilterQuery(f: AuditFilters): string {
  const params = new URLSearchParams()
  if (f.action) params.set('action', f.action)
  const actor = parseId(f.actor)
  if (actor) params.set('actor', actor)
  const target = f.target.trim()
  if (target) params.set('target', target)
  const from = f.from ? localMidnight(f.from) : null
  const until = f.to ? localMidnight(f.to, 1) : null
  if (from) params.set('from', from)
  if (until) params.set('until', until)
  return params.toString()
}

/** The CSV export's address for these filters (a plain link: the browser downloads it). */
export function auditExportHref(f: AuditFilters): string {
  const query = auditFilterQuery(f)
  return `/api/admin/audit/export${query ? `?${query}` : ''}`
}

/** The i18n key of an action's label in the `audit` namespace (`actions.<dotted name>`). */
export function actionLabelKey(action: AuditAction): `actions.${AuditAction}` {
  return `actions.${action}`
}
