import type { TFunction } from 'i18next'
import { ApiError } from '@/lib/api-client.ts'
import type { GroupSettings, GroupVisibility, JoinPolicy } from '@/lib/api/types.ts'
import { charCount } from '@/lib/text.ts'
import { DESCRIPTION_MAX, NAME_MAX, NAME_MIN } from './rules.ts'

// The group settings form's values and rules, shared by the create dialog and the settings page
// (components/group-settings-fields.tsx draws the fields).

/** The form's values: the request's fields, the description always a string. */
export interface SettingsDraft {
  name: string
  description: string
  visibility: GroupVisibility
  joinPolicy: JoinPolicy
}

export type SettingsErrors = Partial<Record<keyof SettingsDraft, string>>

export const VISIBILITIES = ['public', 'private'] as const satisfies readonly GroupVisibility[]
export const POLICIES = ['open', 'approval', 'invite_code'] as const satisfies readonly JoinPolicy[]

/** A private group cannot be open (the server's rule, `private_group_cannot_be_open`). */
export function policyAllowed(visibility: GroupVisibility, policy: JoinPolicy): boolean {
  return !(visibility === 'private' && policy === 'open')
}

/**
 * Changing the visibility keeps the policy when it is still allowed; a group made private while
 * open asks for approval instead (the closest policy that still lets people in).
 */
export function withVisibility(draft: SettingsDraft, visibility: GroupVisibility): SettingsDraft {
  return {
    ...draft,
    visibility,
    joinPolicy: policyAllowed(visibility, draft.joinPolicy) ? draft.joinPolicy : 'approval',
  }
}

/** The request body: trimmed, an empty description as `null`. */
export function settingsBody(draft: SettingsDraft): GroupSettings {
  const description = draft.description.trim()
  return {
    name: draft.name.trim(),
    description: description || null,
    visibility: draft.visibility,
    joinPolicy: draft.joinPolicy,
  }
}

type Translate = TFunction<'groups'>

/** The server's rules, checked before sending; the server checks them again. */
export function validateSettings(draft: SettingsDraft, t: Translate): SettingsErrors {
  const errors: SettingsErrors = {}
  const name = charCount(draft.name)
  if (name < NAME_MIN || name > NAME_MAX)
    errors.name = t('form.errors.name', { min: NAME_MIN, max: NAME_MAX })
  if (charCount(draft.description) > DESCRIPTION_MAX)
    errors.description = t('form.errors.description', { max: DESCRIPTION_MAX })
  if (!policyAllowed(draft.visibility, draft.joinPolicy))
    errors.joinPolicy = t('form.errors.privateOpen')
  return errors
}

/**
 * A refusal's per-field messages (422 `fields`), and whatever it says beyond them for the form's
 * box (null when every message found its field).
 */
export function serverErrors(error: unknown): { fields: SettingsErrors; rest: boolean } {
  if (!(error instanceof ApiError) || !error.body.fields) return { fields: {}, rest: true }
  const { name, description, visibility, joinPolicy } = error.body.fields
  const fields: SettingsErrors = { name, description, visibility, joinPolicy }
  const known = Object.values(fields).some(Boolean)
  return { fields, rest: !known }
}
