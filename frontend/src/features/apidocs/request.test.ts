import { describe, expect, it } from 'vitest'
import { parseEndpoints, type ApiEndpoint } from './openapi.ts'
import {
  curlCommand,
  looksLikeToken,
  missingParameters,
  prepareRequest,
  sessionRisk,
  scopeCovers,
  shellQuote,
  tokenWarning,
  type RequestContext,
  type TryValues,
} from './request.ts'

const [revoke, create, health] = parseEndpoints({
  paths: {
    '/api/tokens/{id}': {
      delete: {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'reason', in: 'query', schema: { type: 'string' } },
          { name: 'page', in: 'query', schema: { type: 'integer' } },
          { name: 'X-Request-Id', in: 'header', schema: { type: 'string' } },
          { name: 'accept-language', in: 'header', schema: { type: 'string' } },
        ],
      },
    },
    '/api/tokens': {
      post: {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
    '/api/health': { get: {} },
  },
}) as [ApiEndpoint, ApiEndpoint, ApiEndpoint]

const SECRET = 'cyp_abcdefghijklmnopqrstuvwxyz0123ABCDEF'
const context: RequestContext = {
  authType: 'sta',
  patToken: '',
  language: 'zh',
  origin: 'https://courtyard.example',
}
const values = (patch: Partial<TryValues> = {}): TryValues => ({
  path: {},
  query: {},
  header: {},
  body: '',
  ...patch,
})

describe('prepareRequest (spec §7 generic call)', () => {
  it('substitutes path parameters (encoded), builds the query and sends the §7 headers', () => {
    const request = prepareRequest(
      revoke,
      values({
        path: { id: 'a b/c' },
        query: { reason: 'lost & found', page: '' },
        header: { 'X-Request-Id': 'r-1', 'accept-language': 'fr' },
      }),
      context,
    )
    expect(request.method).toBe('DELETE')
    expect(request.url).toBe('https://courtyard.example/api/tokens/a%20b%2Fc?reason=lost+%26+found')
    expect(request.headers).toEqual([
      ['Accept', 'application/json'],
      ['Accept-Language', 'zh'],
      ['Cache-Control', 'no-cache'],
      ['X-Request-Id', 'r-1'],
    ])
    expect(request.body).toBeUndefined()
  })

  it('adds the bearer token in pat mode only', () => {
    const pat = prepareRequest(health, values(), {
      ...context,
      authType: 'pat',
      patToken: ` ${SECRET} `,
    })
    expect(pat.headers).toContainEqual(['Authorization', `Bearer ${SECRET}`])
    const sta = prepareRequest(health, values(), { ...context, authType: 'sta', patToken: SECRET })
    expect(sta.headers.map(([name]) => name)).not.toContain('Authorization')
  })

  it('sends the body with its media type when the operation takes one', () => {
    const request = prepareRequest(create, values({ body: '{"name":"ci"}' }), context)
    expect(request.body).toBe('{"name":"ci"}')
    expect(request.headers).toContainEqual(['Content-Type', 'application/json'])
    expect(prepareRequest(create, values({ body: '  ' }), context).body).toBeUndefined()
    expect(prepareRequest(health, values({ body: '{}' }), context).body).toBeUndefined()
  })

  it('names the required parameters still empty', () => {
    expect(missingParameters(revoke, values())).toEqual(['id'])
    expect(missingParameters(revoke, values({ path: { id: ' x ' } }))).toEqual([])
  })
})

describe('curlCommand', () => {
  const request = prepareRequest(create, values({ body: `{"name":"it's"}` }), {
    ...context,
    authType: 'pat',
    patToken: SECRET,
  })

  it('writes the exact request, the token masked as $COURTYARD_TOKEN', () => {
    const text = curlCommand(request)
    expect(text).toBe(
      [
        'curl',
        '-X POST',
        "'https://courtyard.example/api/tokens'",
        "-H 'Accept: application/json'",
        "-H 'Accept-Language: zh'",
        "-H 'Cache-Control: no-cache'",
        '-H "Authorization: Bearer $COURTYARD_TOKEN"',
        "-H 'Content-Type: application/json'",
        `--data-raw '{"name":"it'\\''s"}'`,
      ].join(' \\\n  '),
    )
    expect(text).not.toContain(SECRET)
  })

  it('shows the token when revealed', () => {
    expect(curlCommand(request, { revealToken: true })).toContain(
      `-H 'Authorization: Bearer ${SECRET}'`,
    )
  })

  it('leaves out -X for GET and uses --head for HEAD', () => {
    const get = curlCommand(prepareRequest(health, values(), context))
    expect(get.startsWith("curl \\\n  'https://courtyard.example/api/health'")).toBe(true)
    expect(get).not.toContain('-X')
    expect(curlCommand({ method: 'HEAD', url: 'https://x/', headers: [], body: undefined })).toBe(
      "curl \\\n  --head \\\n  'https://x/'",
    )
  })

  it('quotes for POSIX shells', () => {
    expect(shellQuote(`a'b $HOME`)).toBe(`'a'\\''b $HOME'`)
  })
})

describe('token checks', () => {
  const sessionOnly = { public: false, session: true, bearerScopes: null }
  const accountRead = { public: false, session: true, bearerScopes: ['account:read'] }

  it('write covers read of the same area, nothing else', () => {
    expect(scopeCovers('account:read', 'account:read')).toBe(true)
    expect(scopeCovers('account:write', 'account:read')).toBe(true)
    expect(scopeCovers('account:read', 'account:write')).toBe(false)
    expect(scopeCovers('ai:write', 'account:read')).toBe(false)
  })

  it('warns when the endpoint takes no token, whatever the token', () => {
    expect(tokenWarning(sessionOnly, ['account:write'])).toEqual({ kind: 'session-only' })
    expect(tokenWarning(sessionOnly, null)).toEqual({ kind: 'session-only' })
  })

  it('warns about the scopes the token lacks', () => {
    expect(tokenWarning(accountRead, ['ai:read'])).toEqual({
      kind: 'missing-scopes',
      scopes: ['account:read'],
    })
    expect(tokenWarning(accountRead, ['account:write'])).toBeNull()
    expect(
      tokenWarning({ ...accountRead, bearerScopes: ['account:read', 'ai:write'] }, ['ai:write']),
    ).toEqual({ kind: 'missing-scopes', scopes: ['account:read'] })
  })

  it('says nothing for public endpoints without a token requirement, or tokens of unknown scope', () => {
    expect(tokenWarning({ public: true, session: false, bearerScopes: null }, [])).toBeNull()
    expect(tokenWarning({ public: true, session: true, bearerScopes: null }, [])).toBeNull()
    expect(tokenWarning(accountRead, null)).toBeNull()
  })

  it('checks the scope of a token sent to a public endpoint that names one', () => {
    const models = { public: true, session: true, bearerScopes: ['ai:read'] }
    expect(tokenWarning(models, ['account:read'])).toEqual({
      kind: 'missing-scopes',
      scopes: ['ai:read'],
    })
    expect(tokenWarning(models, ['ai:write'])).toBeNull()
  })

  it('recognises the secret format', () => {
    expect(looksLikeToken(SECRET)).toBe(true)
    expect(looksLikeToken(`${SECRET}x`)).toBe(false)
    expect(looksLikeToken('ghp_abcdefghijklmnopqrstuvwxyz0123ABCDEF')).toBe(false)
  })
})

describe('sessionRisk', () => {
  it('names the requests that end or may end this browser session, and only those', () => {
    expect(sessionRisk({ method: 'post', path: '/api/auth/logout' })).toBe('signs-out')
    expect(sessionRisk({ method: 'delete', path: '/api/auth/sessions/{id}' })).toBe('may-sign-out')
    expect(sessionRisk({ method: 'get', path: '/api/auth/sessions' })).toBeNull()
    expect(sessionRisk({ method: 'get', path: '/api/health' })).toBeNull()
  })
})
