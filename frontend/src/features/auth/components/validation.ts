// Client-side mirror of the server's account rules (docs/api.md); the server stays the judge.

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,32}$/
export const NICKNAME_MAX_LENGTH = 32
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

/** Length in characters (code points), the way the server counts. */
export function characterCount(value: string): number {
  return Array.from(value).length
}

export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username)
}

/** An empty nickname is allowed: the server then uses the username. */
export function isValidNickname(nickname: string): boolean {
  return characterCount(nickname.trim()) <= NICKNAME_MAX_LENGTH
}

export function isValidPassword(password: string): boolean {
  const length = characterCount(password)
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH
}
