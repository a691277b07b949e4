import type { ExpiryDays } from '@/lib/api/types.ts'

/** The document's rule for `CreateTokenRequest.name`: 1–50 characters after trimming. */
export const TOKEN_NAME_MAX = 50
/** The lifetimes offered, in the document's order; the type check fails if the server's differ. */
export const EXPIRY_DAYS = [7, 30, 90, 365] as const satisfies readonly NonNullable<ExpiryDays>[]
type UnofferedExpiry = Exclude<NonNullable<ExpiryDays>, (typeof EXPIRY_DAYS)[number]>
// Compiles only while every lifetime the server accepts is offered.
const everyExpiryOffered: [UnofferedExpiry] extends [never] ? true : never = true
void everyExpiryOffered
