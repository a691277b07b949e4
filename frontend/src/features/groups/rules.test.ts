import { beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client.ts'
import { i18n, loadNamespace } from '@/lib/i18n.ts'
import { isUuid } from '@/lib/uuid.ts'
import openapi from '@/lib/api/openapi.json'
import {
  DESCRIPTION_MAX,
  INVITE_CODE_LENGTH,
  JOIN_MESSAGE_MAX,
  NAME_MAX,
  NAME_MIN,
  REJECT_REASON_MAX,
} from './rules.ts'
import {
  policyAllowed,
  serverErrors,
  settingsBody,
  validateSettings,
  withVisibility,
  type SettingsDraft,
} from './settings-form.ts'
import { groupSection } from './group-section.ts'
import { approvableRoles, memberActions } from './components/member-actions.ts'
import { inviteCodeValue, normaliseCode } from './invite-code.ts'
import { GROUP_ID, member, users } from './test/fixtures.ts'

beforeAll(() => loadNamespace('groups'))

const draft = (overrides: Partial<SettingsDraft> = {}): SettingsDraft => ({
  name: '周末读书会',
  description: '',
  visibility: 'public',
  joinPolicy: 'open',
  ...overrides,
})

describe('the client mirrors the server’s rules', () => {
  type Schema = { maxLength?: number; minLength?: number }
  const schemas = openapi.components.schemas as unknown as Record<
    string,
    { properties: Record<string, Schema> }
  >

  it('has the lengths of the OpenAPI document', () => {
    const settings = schemas.GroupSettingsRequest!.properties
    expect([NAME_MIN, NAME_MAX, DESCRIPTION_MAX]).toEqual([
      settings.name!.minLength,
      settings.name!.maxLength,
      settings.description!.maxLength,
    ])
    expect(JOIN_MESSAGE_MAX).toBe(schemas.JoinBody!.properties.message!.maxLength)
    expect(REJECT_REASON_MAX).toBe(schemas.RejectBody!.properties.reason!.maxLength)
    // "8 characters (case does not matter)".
    expect(INVITE_CODE_LENGTH).toBe(8)
  })
})

describe('visibility and join policy', () => {
  it('refuses an open private group, allows every other pair', () => {
    expect(policyAllowed('private', 'open')).toBe(false)
    expect(policyAllowed('private', 'approval')).toBe(true)
    expect(policyAllowed('private', 'invite_code')).toBe(true)
    expect(policyAllowed('public', 'open')).toBe(true)
  })

  it('moves an open group made private to approval, and keeps any other policy', () => {
    expect(withVisibility(draft(), 'private')).toMatchObject({
      visibility: 'private',
      joinPolicy: 'approval',
    })
    expect(withVisibility(draft({ joinPolicy: 'invite_code' }), 'private').joinPolicy).toBe(
      'invite_code',
    )
    // Back to public: the policy stays what it became.
    expect(
      withVisibility(draft({ visibility: 'private', joinPolicy: 'approval' }), 'public'),
    ).toMatchObject({ visibility: 'public', joinPolicy: 'approval' })
  })

  it('checks the name (2–40 characters after trimming, counted as characters) and description', () => {
    const t = i18n.getFixedT('en', 'groups')
    expect(validateSettings(draft({ name: '  书 ' }), t)).toEqual({
      name: 'The name needs 2–40 characters.',
    })
    expect(validateSettings(draft({ name: '读书' }), t)).toEqual({})
    // 40 CJK characters are 120 bytes, still 40 characters.
    expect(validateSettings(draft({ name: '书'.repeat(40) }), t)).toEqual({})
    expect(validateSettings(draft({ name: 'x'.repeat(41) }), t).name).toBeDefined()
    expect(validateSettings(draft({ description: 'é'.repeat(501) }), t)).toEqual({
      description: 'The description can have at most 500 characters.',
    })
    expect(validateSettings(draft({ visibility: 'private' }), t)).toEqual({
      joinPolicy: 'A private group cannot be open.',
    })
  })

  it('sends trimmed values and an empty description as null', () => {
    expect(settingsBody(draft({ name: '  Hikers ', description: '   ' }))).toEqual({
      name: 'Hikers',
      description: null,
      visibility: 'public',
      joinPolicy: 'open',
    })
  })

  it('puts the server’s per-field messages at their fields, anything else in the form’s box', () => {
    const refusal = (fields?: Record<string, string>) =>
      new ApiError({
        success: false,
        httpStatus: 422,
        code: 'invalid_group_settings',
        message: 'Invalid settings',
        fields,
      })
    expect(serverErrors(refusal({ name: 'Too short' }))).toEqual({
      fields: { name: 'Too short' },
      rest: false,
    })
    expect(serverErrors(refusal({ other: 'x' })).rest).toBe(true)
    expect(serverErrors(refusal()).rest).toBe(true)
    expect(serverErrors(new Error('offline')).rest).toBe(true)
  })
})

describe('who may do what to whom (docs/groups.md, "Roles")', () => {
  const owner = { id: users.olivia.id, role: 'owner' as const }
  const admin = { id: users.adam.id, role: 'admin' as const }
  const plain = { id: users.mia.id, role: 'member' as const }

  it('the owner promotes, demotes, removes and bans anyone but themself', () => {
    expect(memberActions(owner, member(users.mia, 'member'))).toEqual(['promote', 'remove', 'ban'])
    expect(memberActions(owner, member(users.adam, 'admin'))).toEqual(['demote', 'remove', 'ban'])
    expect(memberActions(owner, member(users.olivia, 'owner'))).toEqual([])
  })

  it('an admin removes and bans members only; a member does nothing', () => {
    expect(memberActions(admin, member(users.mia, 'member'))).toEqual(['remove', 'ban'])
    expect(memberActions(admin, member(users.sam, 'admin'))).toEqual([])
    expect(memberActions(admin, member(users.olivia, 'owner'))).toEqual([])
    expect(memberActions(admin, member(users.adam, 'admin'))).toEqual([])
    expect(memberActions(plain, member(users.sam, 'member'))).toEqual([])
    expect(memberActions({ id: users.sam.id, role: null }, member(users.mia, 'member'))).toEqual([])
  })

  it('only the owner approves someone as an admin', () => {
    expect(approvableRoles('owner')).toEqual(['member', 'admin'])
    expect(approvableRoles('admin')).toEqual(['member'])
  })
})

describe('invite codes in links', () => {
  it('takes codes of letters and digits, nothing else', () => {
    expect(inviteCodeValue('7kq2mz9p')).toBe('7kq2mz9p')
    expect(inviteCodeValue(' 2E345678 ')).toBe('2E345678')
    expect(inviteCodeValue('<script>')).toBeUndefined()
    expect(inviteCodeValue(23456789)).toBeUndefined()
    expect(inviteCodeValue({ code: 1 })).toBeUndefined()
  })

  it('upper-cases what is typed and drops spaces', () => {
    expect(normaliseCode(' 7kq2 mz9p ')).toBe('7KQ2MZ9P')
  })
})

describe('routes', () => {
  it('accepts UUIDs as group ids, nothing else', () => {
    expect(isUuid(GROUP_ID)).toBe(true)
    expect(isUuid(GROUP_ID.toUpperCase())).toBe(true)
    expect(isUuid('123')).toBe(false)
    expect(isUuid(`${GROUP_ID}x`)).toBe(false)
  })

  it('knows which section of a group a path is', () => {
    const at = (rest: string) => groupSection(GROUP_ID, `/group/${GROUP_ID}${rest}`)
    expect(at('')).toBe('home')
    expect(at('/')).toBe('home')
    expect(at('/articles')).toBe('articles')
    expect(at('/article/6a000000-0000-4000-8000-000000000001/display')).toBe('articles')
    expect(at('/gallery')).toBe('gallery')
    expect(at('/members')).toBe('members')
    expect(at('/settings')).toBe('settings')
    expect(at('/join')).toBe('join')
  })
})
