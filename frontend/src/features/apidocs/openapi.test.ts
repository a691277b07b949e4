import { describe, expect, it } from 'vitest'
import { docsFixture as fixture } from './fixtures/docs.ts'
import {
  authRequirement,
  endpointId,
  exampleFromSchema,
  HTTP_METHODS,
  parseEndpoints,
  resolveSchema,
  type OpenApiDocument,
} from './openapi.ts'

// A real `GET /api/docs.json` of app-server, saved as it came (English).
const doc = fixture

describe('endpointId', () => {
  it('is the lower-case method and the path with slashes as dashes and braces removed', () => {
    expect(endpointId('get', '/api/tokens/{id}')).toBe('get-api-tokens-id')
    expect(endpointId('GET', '/api/tokens/{id}')).toBe('get-api-tokens-id')
    expect(endpointId('delete', '/api/auth/sessions/{id}')).toBe('delete-api-auth-sessions-id')
    expect(endpointId('post', '/api/admin/wechat/menu/versions/{id}/rollback')).toBe(
      'post-api-admin-wechat-menu-versions-id-rollback',
    )
  })

  it('keeps the rest of the path as it is: case, dots, dashes, a trailing slash', () => {
    expect(endpointId('post', '/api/auth/phone/sendVerification')).toBe(
      'post-api-auth-phone-sendVerification',
    )
    expect(endpointId('get', '/api/docs.json')).toBe('get-api-docs.json')
    expect(endpointId('get', '/api/a-b')).toBe('get-api-a-b')
    expect(endpointId('get', '/api/x/')).toBe('get-api-x-')
    expect(endpointId('get', '/')).toBe('get-')
    expect(endpointId('get', '/{a}/{b}')).toBe('get-a-b')
  })

  it('joins a path without a leading slash with one dash', () => {
    expect(endpointId('get', 'api/health')).toBe('get-api-health')
  })
})

describe('parseEndpoints on the real document', () => {
  const endpoints = parseEndpoints(doc)
  const byId = (id: string) => {
    const found = endpoints.find((endpoint) => endpoint.id === id)
    if (!found) throw new Error(`no endpoint ${id}`)
    return found
  }

  it('lists every operation once, in the document order, with unique ids', () => {
    const expected = Object.entries(doc.paths!).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => method in item).map((method) => `${method} ${path}`),
    )
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(expected)
    expect(new Set(endpoints.map((e) => e.id)).size).toBe(endpoints.length)
    expect(endpoints.length).toBeGreaterThan(20)
  })

  it('reads summary, description, tags and operationId', () => {
    const health = byId('get-api-health')
    expect(health).toMatchObject({
      method: 'get',
      path: '/api/health',
      summary: 'Health check',
      tags: ['system'],
      operationId: 'health_check',
      deprecated: false,
    })
  })

  it('groups parameters by location with name, description, required and type', () => {
    const callback = byId('get-api-auth-wechat-callback')
    expect(callback.parameters.query).toEqual([
      expect.objectContaining({
        name: 'code',
        description: "WeChat's OAuth code (absent when the person declined).",
        required: false,
        type: 'string',
      }),
      expect.objectContaining({ name: 'state', required: false, type: 'string' }),
    ])
    const rollback = byId('post-api-admin-wechat-menu-versions-id-rollback')
    expect(rollback.parameters.path).toEqual([
      expect.objectContaining({ name: 'id', required: true, type: 'string', format: 'uuid' }),
    ])
    expect(rollback.parameters.header).toEqual([])
  })

  it('resolves the request body: required, media type, schema, example and properties', () => {
    const login = byId('post-api-auth-username-login')
    expect(login.requestBody).toMatchObject({
      required: true,
      mediaType: 'application/json',
      example: { username: 'xiaoming', password: 'correct horse battery' },
    })
    expect(login.requestBody!.schema).toMatchObject({
      'x-ref-name': 'LoginRequest',
      required: ['username', 'password'],
    })
    expect(login.requestBody!.properties.map((p) => [p.name, p.required, p.type])).toEqual([
      ['password', true, 'string'],
      ['username', true, 'string'],
    ])
    // The body's top-level fields are the 'body' group of §3.
    expect(login.parameters.body.map((p) => p.name)).toEqual(['password', 'username'])
  })

  it('takes the schema example when the body has one (the WeChat menu)', () => {
    const validate = byId('post-api-admin-wechat-menu-validate')
    expect(validate.requestBody!.example).toEqual(doc.components!.schemas!.MenuBody!.example)
  })

  it('lists responses by status with description, resolved schema and an example', () => {
    const health = byId('get-api-health')
    expect(health.responses.map((r) => r.status)).toEqual(['200', '401', '503'])
    const ok = health.responses[0]!
    expect(ok.description).toBe('Serving, database reachable')
    expect(ok.mediaType).toBe('application/json')
    expect(ok.schema).toMatchObject({ 'x-ref-name': 'Health', type: 'object' })
    expect(ok.example).toEqual({
      database: 'sqlite',
      status: 'ok',
      success: true,
      version: 'string',
    })
    const nested = byId('get-api-auth-token').responses[0]!
    // oneOf [UserDto, null] is resolved too, all the way down.
    expect(JSON.stringify(nested.schema)).not.toContain('$ref')
  })

  it('reads who may call: public, session only, session or a token with a scope', () => {
    expect(byId('get-api-health').auth).toEqual({
      public: true,
      session: false,
      bearerScopes: null,
    })
    expect(byId('get-api-tokens').auth).toEqual({
      public: false,
      session: true,
      bearerScopes: null,
    })
    expect(byId('get-api-auth-sessions').auth).toEqual({
      public: false,
      session: true,
      bearerScopes: ['account:read'],
    })
    // Optional sign-in: public, and a token sent must have the scope.
    expect(byId('get-api-ai-models').auth).toEqual({
      public: true,
      session: true,
      bearerScopes: ['ai:read'],
    })
  })
})

describe('authRequirement', () => {
  const withSchemes: OpenApiDocument = {
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'courtyard_session' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  }

  it('reads the bearer entry as the scopes a token needs', () => {
    expect(authRequirement([{ session: [] }, { bearer: ['account:read'] }], withSchemes)).toEqual({
      public: false,
      session: true,
      bearerScopes: ['account:read'],
    })
    expect(authRequirement([{ bearer: [] }], withSchemes)).toEqual({
      public: false,
      session: false,
      bearerScopes: [],
    })
  })

  it('treats absent, empty and {} security as public; falls back to the document security', () => {
    expect(authRequirement(undefined, withSchemes).public).toBe(true)
    expect(authRequirement([], withSchemes).public).toBe(true)
    expect(authRequirement([{}, { session: [] }], withSchemes).public).toBe(true)
    expect(authRequirement(undefined, { ...withSchemes, security: [{ session: [] }] })).toEqual({
      public: false,
      session: true,
      bearerScopes: null,
    })
  })
})

describe('parseEndpoints edge cases', () => {
  it('keeps only the methods of §9 and tells colliding ids apart', () => {
    const endpoints = parseEndpoints({
      paths: {
        '/a-b': { get: { summary: 'one' }, trace: { summary: 'no' } } as never,
        '/a/b': { get: { summary: 'two' }, head: {}, options: {} },
      },
    })
    expect(endpoints.map((e) => e.id)).toEqual(['get-a-b', 'get-a-b--2', 'options-a-b', 'head-a-b'])
  })

  it('merges path-level parameters, resolves $ref parameters, and defaults the type to string', () => {
    const [endpoint] = parseEndpoints({
      components: {
        parameters: { Page: { name: 'page', in: 'query', schema: { type: 'integer' } } },
      },
      paths: {
        '/items/{id}': {
          parameters: [{ name: 'id', in: 'path' }],
          get: {
            parameters: [
              { $ref: '#/components/parameters/Page' },
              { name: 'X-Trace', in: 'header', description: 'trace id', required: true },
            ],
          },
        },
      },
    })
    expect(endpoint!.parameters.path).toEqual([
      { name: 'id', description: '', required: true, type: 'string' },
    ])
    expect(endpoint!.parameters.query[0]).toMatchObject({
      name: 'page',
      type: 'integer',
      required: false,
    })
    expect(endpoint!.parameters.header[0]).toMatchObject({
      name: 'X-Trace',
      description: 'trace id',
      required: true,
      type: 'string',
    })
  })

  it('prefers a media type example over the schema, and the first of examples', () => {
    const [endpoint] = parseEndpoints({
      paths: {
        '/x': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { a: { type: 'string' } } },
                  examples: { first: { value: { a: 'one' } }, second: { value: { a: 'two' } } },
                },
              },
            },
            responses: {
              '201': {
                description: 'made',
                content: { 'application/json': { example: { ok: 1 } } },
              },
            },
          },
        },
      },
    })
    expect(endpoint!.requestBody).toMatchObject({ required: false, example: { a: 'one' } })
    expect(endpoint!.responses[0]).toMatchObject({ status: '201', example: { ok: 1 } })
  })
})

describe('resolveSchema and exampleFromSchema', () => {
  const recursive: OpenApiDocument = {
    components: {
      schemas: {
        Node: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', example: 'root' },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          },
        },
        Base: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', format: 'uuid' } },
        },
      },
    },
  }

  it('stops at a reference back to an ancestor', () => {
    const node = resolveSchema(recursive, { $ref: '#/components/schemas/Node' })!
    expect(node['x-ref-name']).toBe('Node')
    expect(node.properties!.children!.items).toEqual({ 'x-ref-name': 'Node', 'x-circular': true })
    expect(exampleFromSchema(node)).toEqual({ name: 'root', children: [{}] })
  })

  it('merges allOf', () => {
    const merged = resolveSchema(recursive, {
      allOf: [
        { $ref: '#/components/schemas/Base' },
        { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
      ],
    })!
    expect(merged.required).toEqual(['id', 'n'])
    expect(Object.keys(merged.properties!)).toEqual(['id', 'n'])
    expect(exampleFromSchema(merged)).toEqual({ id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', n: 0 })
  })

  it('builds values from types, enums, defaults and nullable wrappers', () => {
    expect(exampleFromSchema({ type: 'string', enum: ['b', 'a'] })).toBe('b')
    expect(exampleFromSchema({ type: 'integer', default: 7 })).toBe(7)
    expect(exampleFromSchema({ type: ['string', 'null'], format: 'date-time' })).toBe(
      '2025-01-01T08:00:00Z',
    )
    expect(exampleFromSchema({ oneOf: [{ type: 'boolean' }, { type: 'null' }] })).toBe(true)
    expect(exampleFromSchema({ type: 'array', items: { type: 'number' } })).toEqual([0])
    expect(exampleFromSchema({ type: 'null' })).toBeNull()
  })
})
