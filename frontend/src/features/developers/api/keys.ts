import { tokensKey } from '@/lib/api/list-tokens.ts'
import type { Language } from '@/lib/i18n.ts'

/**
 * Query keys of the developer portal. Token data lives under `['auth', …]`, the prefix of data
 * fetched on behalf of the signed-in user, so logging in or out drops it (`lib/session.ts`).
 */
export const developerKeys = {
  /** Shared with the API docs browser (`lib/api/list-tokens.ts`). */
  tokens: tokensKey,
  /** The descriptions come in the display language, so each language has its own entry. */
  scopes: (language: Language) => ['auth', 'developers', 'scopes', language] as const,
}
