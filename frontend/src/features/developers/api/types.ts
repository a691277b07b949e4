// Hand-written from the token API contract (docs/api.md, "Personal access tokens") until the
// types are generated from /api/docs.json.

export type ScopeAccess = 'read' | 'write'

/** One grantable scope, e.g. `account:read`; `description` is in the request's language. */
export interface ScopeInfo {
  scope: string
  area: string
  access: ScopeAccess
  adminOnly: boolean
  description: string
}

/** GET /api/tokens/scopes */
export interface ScopesResponse {
  success: boolean
  scopes: ScopeInfo[]
}

export type TokenState = 'active' | 'expired' | 'revoked'

/** A personal access token as listed; the secret itself is never part of it. */
export interface PatInfo {
  id: string
  name: string
  /** The secret's start and end, e.g. "cyp_…a1B2". */
  hint: string
  scopes: string[]
  createdAt: string
  /** null: never expires. */
  expiresAt: string | null
  lastUsedAt: string | null
  revokedAt: string | null
  state: TokenState
}

/** GET /api/tokens */
export interface TokensResponse {
  success: boolean
  tokens: PatInfo[]
}

/** The lifetimes the server accepts; null is "no expiry". */
export const EXPIRY_DAYS = [7, 30, 90, 365] as const
export type ExpiryDays = (typeof EXPIRY_DAYS)[number] | null

/** POST /api/tokens */
export interface CreateTokenRequest {
  name: string
  scopes: string[]
  expiresInDays: ExpiryDays
}

export interface CreateTokenResponse {
  success: boolean
  token: PatInfo
  /** Shown in this response only. */
  secret: string
}

/** DELETE /api/tokens/{id} */
export interface RevokeTokenResponse {
  success: boolean
  token: PatInfo
}
