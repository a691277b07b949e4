/**
 * The try-it-out request (spec §7 "API docs tool generic call") as plain data, so that the
 * call and "copy as curl" send and show exactly the same thing; and the token checks of the
 * developer portal (which scopes an endpoint needs, which a token holds).
 */
import type { ApiEndpoint, AuthRequirement } from './openapi.ts'

export type AuthType = 'sta' | 'pat'

/** What the person typed: parameter values by location and name, and the body text. */
export interface TryValues {
  path: Record<string, string>
  query: Record<string, string>
  header: Record<string, string>
  body: string
}

export interface PreparedRequest {
  /** Upper case, as sent. */
  method: string
  /** Absolute URL on the current origin. */
  url: string
  /** Headers in the order they are sent (and shown). */
  headers: [string, string][]
  body: string | undefined
}

export interface RequestContext {
  authType: AuthType
  /** The personal access token's secret ('pat' mode). */
  patToken: string
  /** The display language, sent as Accept-Language. */
  language: string
  origin: string
}

const BODYLESS = new Set(['GET', 'HEAD'])

/** Required path, query and header parameters that are still empty, by name. */
export function missingParameters(endpoint: ApiEndpoint, values: TryValues): string[] {
  return (['path', 'query', 'header'] as const).flatMap((location) =>
    endpoint.parameters[location]
      .filter((param) => param.required && !(values[location][param.name] ?? '').trim())
      .map((param) => param.name),
  )
}

/**
 * Builds the request: path parameters substituted (URL-encoded), the query string from the
 * non-empty query values, then the headers of §7 (`Accept: application/json`,
 * `Cache-Control: no-cache`, `Accept-Language` = display language, `Authorization: Bearer …`
 * in 'pat' mode), which win over header parameters of the same name; the body (with its media
 * type) only for operations that take one and methods that may carry one.
 */
export function prepareRequest(
  endpoint: ApiEndpoint,
  values: TryValues,
  context: RequestContext,
): PreparedRequest {
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = values.path[name]
    return value !== undefined && value !== '' ? encodeURIComponent(value) : whole
  })
  const url = new URL(path, context.origin)
  for (const param of endpoint.parameters.query) {
    const value = values.query[param.name]
    if (value !== undefined && value !== '') url.searchParams.append(param.name, value)
  }
  const method = endpoint.method.toUpperCase()

  const fixed: [string, string][] = [
    ['Accept', 'application/json'],
    ['Accept-Language', context.language],
    ['Cache-Control', 'no-cache'],
  ]
  const token = context.patToken.trim()
  if (context.authType === 'pat' && token) fixed.push(['Authorization', `Bearer ${token}`])

  let body: string | undefined
  if (endpoint.requestBody && !BODYLESS.has(method) && values.body.trim() !== '') {
    body = values.body
    fixed.push(['Content-Type', endpoint.requestBody.mediaType])
  }

  const taken = new Set(fixed.map(([name]) => name.toLowerCase()))
  const custom = endpoint.parameters.header
    .map((param): [string, string] => [param.name, values.header[param.name] ?? ''])
    .filter(([name, value]) => value !== '' && !taken.has(name.toLowerCase()))

  return { method, url: url.toString(), headers: [...fixed, ...custom], body }
}

/** Single-quotes a word for POSIX shells. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

/** The variable a masked curl command reads the token from. */
const TOKEN_VARIABLE = 'COURTYARD_TOKEN'

/**
 * The request as a curl command, one option per line. Unless `revealToken`, the token is
 * written as `$COURTYARD_TOKEN` (in double quotes, so the command still works after
 * `export COURTYARD_TOKEN=…`) and never appears in the text. curl cannot use the browser's
 * session cookie, so none is written.
 */
export function curlCommand(request: PreparedRequest, { revealToken = false } = {}): string {
  const parts = ['curl']
  if (request.method === 'HEAD') parts.push('--head')
  else if (request.method !== 'GET') parts.push(`-X ${request.method}`)
  parts.push(shellQuote(request.url))
  for (const [name, value] of request.headers) {
    if (name === 'Authorization' && !revealToken) {
      parts.push(`-H "Authorization: Bearer $${TOKEN_VARIABLE}"`)
    } else {
      parts.push(`-H ${shellQuote(`${name}: ${value}`)}`)
    }
  }
  if (request.body !== undefined) parts.push(`--data-raw ${shellQuote(request.body)}`)
  return parts.join(' \\\n  ')
}

/**
 * Whether a token holding `held` may do what needs `required` (`area:access`): the same area
 * and access, or write access to it (`write` includes `read`, as on the server).
 */
export function scopeCovers(held: string, required: string): boolean {
  if (held === required) return true
  const [heldArea, heldAccess] = held.split(':')
  const [area] = required.split(':')
  return heldArea === area && heldAccess === 'write'
}

type TokenWarning = { kind: 'session-only' } | { kind: 'missing-scopes'; scopes: string[] }

/**
 * What would go wrong calling the endpoint with a token: it accepts no token at all (session
 * only), or the token lacks a scope its bearer requirement lists (also on endpoints that are
 * public without a token: a token that is sent must fit). `tokenScopes` null means the token's
 * scopes are unknown (a pasted secret): only the session-only case is certain then.
 */
export function tokenWarning(
  auth: AuthRequirement,
  tokenScopes: readonly string[] | null,
): TokenWarning | null {
  if (auth.bearerScopes === null) {
    return auth.session && !auth.public ? { kind: 'session-only' } : null
  }
  if (tokenScopes === null) return null
  const missing = auth.bearerScopes.filter(
    (required) => !tokenScopes.some((held) => scopeCovers(held, required)),
  )
  return missing.length ? { kind: 'missing-scopes', scopes: missing } : null
}

/** The shape of a personal access token's secret: `cyp_` and 36 base62 characters. */
export function looksLikeToken(secret: string): boolean {
  return /^cyp_[0-9A-Za-z]{36}$/.test(secret.trim())
}

/**
 * What sending this request may do to the browser's own session (issue 22: the docs once opened
 * on `POST /api/auth/logout` with one click on "Send"): `'signs-out'` ends it,
 * `'may-sign-out'` ends it when the id is this browser's session. The page asks before either.
 */
type SessionRisk = 'signs-out' | 'may-sign-out' | null

export function sessionRisk(endpoint: Pick<ApiEndpoint, 'method' | 'path'>): SessionRisk {
  const key = `${endpoint.method.toUpperCase()} ${endpoint.path}`
  if (key === 'POST /api/auth/logout') return 'signs-out'
  if (key === 'DELETE /api/auth/sessions/{id}') return 'may-sign-out'
  return null
}
