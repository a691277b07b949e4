import { describe, expect, it } from 'vitest'
import openapi from '@/lib/api/openapi.json'
import en from '@/locales/en/audit.json'
import zh from '@/locales/zh/audit.json'
import { AUDIT_ACTIONS } from './audit-actions.ts'

/** The registry as the server writes it into the contract (kernel::audit::AuditAction). */
function registry(): string[] {
  // One named enum (`AuditAction`), which the event and the registry's answer both reference.
  const schemas = openapi.components.schemas as Record<string, unknown>
  const ref = '#/components/schemas/AuditAction'
  const event = schemas.AuditEventDto as { properties: { action: { $ref: string } } }
  const list = schemas.AuditActionsResponse as {
    properties: { actions: { items: { $ref: string } } }
  }
  expect(event.properties.action.$ref).toBe(ref)
  expect(list.properties.actions.items.$ref).toBe(ref)
  return (schemas.AuditAction as { enum: string[] }).enum
}

/** The label at `actions.<dotted name>`, as i18next resolves it; undefined when missing. */
function label(messages: { actions: unknown }, action: string): unknown {
  return action
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      messages.actions,
    )
}

describe('the audit log’s actions', () => {
  it('are the registry of the contract, in its order', () => {
    const names = registry()
    expect(names.length).toBeGreaterThan(30)
    expect([...AUDIT_ACTIONS]).toEqual(names)
  })

  it.each([
    ['en', en],
    ['zh', zh],
  ] as const)('each have a %s label', (_language, messages) => {
    const missing = registry().filter((action) => {
      const text = label(messages, action)
      return typeof text !== 'string' || text.trim() === ''
    })
    expect(missing).toEqual([])
  })

  it('name what a person did, not the code’s name', () => {
    expect(label(en, 'auth.sign_in_failed')).toBe('Sign-in refused')
    expect(label(zh, 'auth.sign_in_failed')).toBe('登录失败')
  })
})
