import { describe, expect, it } from 'vitest'
import {
  auditExportHref,
  auditFilterError,
  auditFilterQuery,
  hasAuditFilters,
  NO_AUDIT_FILTERS,
} from './audit-model.ts'

describe('the audit filters', () => {
  it('ask nothing when empty, and the export is the bare address', () => {
    expect(hasAuditFilters(NO_AUDIT_FILTERS)).toBe(false)
    expect(auditFilterQuery(NO_AUDIT_FILTERS)).toBe('')
    expect(auditExportHref(NO_AUDIT_FILTERS)).toBe('/api/admin/audit/export')
  })

  it('put the action, the actor’s canonical id, the trimmed target and whole days in the query', () => {
    const f = {
      action: 'auth.sign_in_failed' as const,
      actor: '0F8C2E1A1B2C4D5E8F9A0B1C2D3E4F50',
      target: '  alice ',
      from: '2026-11-20',
      to: '2026-11-20',
    }
    const q = new URLSearchParams(auditFilterQuery(f))
    expect(q.get('action')).toBe('auth.sign_in_failed')
    expect(q.get('actor')).toBe('0f8c2e1a-1b2c-4d5e-8f9a-0b1c2d3e4f50')
    expect(q.get('target')).toBe('alice')
    const from = new Date(q.get('from') ?? '')
    const until = new Date(q.get('until') ?? '')
    expect(from.getFullYear()).toBe(2026)
    expect(from.getHours()).toBe(0)
    expect(until.getTime() - from.getTime()).toBe(24 * 60 * 60 * 1000)
    expect(auditExportHref(f)).toBe(`/api/admin/audit/export?${auditFilterQuery(f)}`)
  })

  it('hold back a partial actor id and a range that ends before it starts', () => {
    expect(auditFilterError({ ...NO_AUDIT_FILTERS, actor: '0f8c' })).toBe('invalidActor')
    expect(auditFilterError({ ...NO_AUDIT_FILTERS, from: '2026-11-21', to: '2026-11-20' })).toBe(
      'invalidRange',
    )
    expect(auditFilterError({ ...NO_AUDIT_FILTERS, from: '2026-11-20', to: '2026-11-20' })).toBe(
      null,
    )
  })
})
