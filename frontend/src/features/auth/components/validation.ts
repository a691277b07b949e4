// Client-side mirror of the server's account rules (docs/api.md); the server stays the judge.

import type { TFunction } from 'i18next'

const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,32}$/
const NICKNAME_MAX_LENGTH = 32
const PASSWORD_MIN_LENGTH = 8
const PASSWORD_MAX_LENGTH = 128

/** Length in characters (code points), the way the server counts. */
function characterCount(value: string): number {
  return Array.from(value).length
}

export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username)
}

/** An empty nickname is allowed: the server then uses the username. */
export function isValidNickname(nickname: string): boolean {
  return characterCount(nickname.trim()) <= NICKNAME_MAX_LENGTH
}

/** What is wrong with a new password, if anything: missing, too short or too long. */
function passwordProblem(password: string): 'required' | 'tooShort' | 'tooLong' | null {
  const length = characterCount(password)
  if (length === 0) return 'required'
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort'
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong'
  return null
}

/**
 * The message for a new password's problem, naming the limit it breaks (a short password says
 * how short it may be, not "fill in every field").
 */
export function passwordProblemMessage(password: string, t: TFunction<'auth'>): string | undefined {
  switch (passwordProblem(password)) {
    case 'required':
      return t('validation.passwordRequired')
    case 'tooShort':
      return t('validation.passwordTooShort', { min: PASSWORD_MIN_LENGTH })
    case 'tooLong':
      return t('validation.passwordTooLong', { max: PASSWORD_MAX_LENGTH })
    default:
      return undefined
  }
}
