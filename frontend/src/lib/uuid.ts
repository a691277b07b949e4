/** An id the server writes: a UUID in its 8-4-4-4-12 hexadecimal form (any version, any case). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Route parameters that must be ids (`$groupId`, `$articleId`): anything else is not found. */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}
