/** An invite code as a link carries it: letters and digits (the server says whether it is right). */
const CODE_PARAM = /^[A-Za-z0-9]{1,64}$/

/** A `?code=` value the join page accepts, else undefined. */
export function inviteCodeValue(value: unknown): string | undefined {
  return typeof value === 'string' && CODE_PARAM.test(value.trim()) ? value.trim() : undefined
}

/** An invite code as typed or linked: upper case (the server ignores case), no spaces. */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase()
}

/** The link that lets someone in with the group's invite code. */
export function inviteLink(groupId: string, code: string, origin = window.location.origin): string {
  return `${origin}/group/${groupId}/join?code=${encodeURIComponent(code)}`
}
