/**
 * The endpoint model of the API docs browser (spec §3 "API doc endpoint"), built from the
 * server's OpenAPI 3.1 document (`GET /api/docs.json`). Pure functions only: the document goes
 * in, plain data comes out, with every `$ref` into `components` resolved.
 */

/** The HTTP methods the browser recognises (spec §9), in the order an operation lists them. */
export const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head'] as const
export type ApiMethod = (typeof HTTP_METHODS)[number]

/** The subset of JSON Schema (OpenAPI 3.1) the browser reads. */
export interface Schema {
  $ref?: string
  type?: string | string[]
  format?: string
  title?: string
  description?: string
  enum?: unknown[]
  const?: unknown
  default?: unknown
  example?: unknown
  examples?: unknown[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  additionalProperties?: boolean | Schema
  oneOf?: Schema[]
  anyOf?: Schema[]
  allOf?: Schema[]
  nullable?: boolean
  deprecated?: boolean
  /** Set on a schema that came from `#/components/schemas/<name>`. */
  'x-ref-name'?: string
  /** Set where a schema refers back to one of its ancestors (not expanded again). */
  'x-circular'?: boolean
}

interface MediaTypeObject {
  schema?: Schema
  example?: unknown
  examples?: Record<string, { value?: unknown; $ref?: string }>
}

interface ParameterObject {
  $ref?: string
  name?: string
  in?: string
  description?: string
  required?: boolean
  deprecated?: boolean
  schema?: Schema
  example?: unknown
  examples?: Record<string, { value?: unknown }>
  type?: string
}

interface RequestBodyObject {
  $ref?: string
  description?: string
  required?: boolean
  content?: Record<string, MediaTypeObject>
}

interface ResponseObject {
  $ref?: string
  description?: string
  content?: Record<string, MediaTypeObject>
}

type SecurityRequirement = Record<string, string[]>

interface OperationObject {
  tags?: string[]
  summary?: string
  description?: string
  operationId?: string
  deprecated?: boolean
  parameters?: ParameterObject[]
  requestBody?: RequestBodyObject
  responses?: Record<string, ResponseObject>
  security?: SecurityRequirement[]
}

type PathItem = Partial<Record<ApiMethod, OperationObject>> & { parameters?: ParameterObject[] }

export interface OpenApiDocument {
  openapi?: string
  info?: { title?: string; description?: string; version?: string }
  paths?: Record<string, PathItem>
  components?: {
    schemas?: Record<string, Schema>
    parameters?: Record<string, ParameterObject>
    requestBodies?: Record<string, RequestBodyObject>
    responses?: Record<string, ResponseObject>
    securitySchemes?: Record<string, { type?: string; scheme?: string; in?: string; name?: string }>
  }
  tags?: { name: string; description?: string }[]
  security?: SecurityRequirement[]
}

export interface ApiParameter {
  name: string
  description: string
  required: boolean
  /** The JSON type; 'string' when the document does not say (spec §3). */
  type: string
  format?: string
  enum?: unknown[]
  example?: unknown
  schema?: Schema
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'body'

interface ApiRequestBody {
  required: boolean
  mediaType: string
  schema: Schema | null
  /** The document's example, else one generated from the schema. */
  example: unknown
  /** The top-level properties of an object body. */
  properties: ApiParameter[]
  description: string
}

export interface ApiResponse {
  status: string
  description: string
  mediaType: string | null
  schema: Schema | null
  example: unknown
}

/**
 * Who may call an operation, read from its `security` (or the document's): `public` when there
 * is none (or an empty alternative `{}`), `session` when the session cookie is accepted, and the
 * scopes a bearer token needs when tokens are accepted (null: tokens are refused).
 */
export interface AuthRequirement {
  public: boolean
  session: boolean
  bearerScopes: string[] | null
}

export interface ApiEndpoint {
  id: string
  path: string
  method: ApiMethod
  summary: string
  description: string
  operationId: string | null
  tags: string[]
  deprecated: boolean
  parameters: Record<ParameterLocation, ApiParameter[]>
  requestBody: ApiRequestBody | null
  /** By status code, in the document's order. */
  responses: ApiResponse[]
  auth: AuthRequirement
}

/**
 * The endpoint id of spec §2.4: the method (lower case) and the path with slashes turned into
 * dashes and braces removed: GET /api/tokens/{id} → `get-api-tokens-id`. Nothing else changes
 * (the path keeps its case, dots and dashes), so the id stays readable in the address bar.
 */
export function endpointId(method: string, path: string): string {
  const rest = path.replace(/[{}]/g, '').replace(/\//g, '-')
  return `${method.toLowerCase()}${rest.startsWith('-') ? '' : '-'}${rest}`
}

const MAX_DEPTH = 24

function refName(ref: string): string {
  return decodeURIComponent(ref.split('/').pop() ?? ref)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~')
}

/** Follows a local JSON pointer (`#/components/schemas/UserDto`) inside the document. */
function lookup(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = doc
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

/** Resolves a `$ref`d object (parameter, request body, response) one level; siblings win. */
function resolveObject<T extends { $ref?: string }>(doc: OpenApiDocument, value: T): T {
  let current: T = value
  for (let hops = 0; current.$ref && hops < MAX_DEPTH; hops++) {
    const { $ref, ...siblings } = current
    const target = lookup(doc, $ref)
    if (!target || typeof target !== 'object') return { ...siblings } as T
    current = { ...(target as T), ...siblings }
  }
  return current
}

/**
 * The schema with every `$ref` replaced by the schema it names (marked with `x-ref-name`);
 * a reference back to an ancestor stays a stub marked `x-circular`.
 */
export function resolveSchema(
  doc: OpenApiDocument,
  schema: Schema | undefined,
  seen: readonly string[] = [],
): Schema | null {
  if (!schema || typeof schema !== 'object') return null
  if (seen.length > MAX_DEPTH) return { 'x-circular': true }
  if (schema.$ref) {
    const { $ref, ...siblings } = schema
    const name = refName($ref)
    if (seen.includes($ref)) return { ...siblings, 'x-ref-name': name, 'x-circular': true }
    const target = lookup(doc, $ref) as Schema | undefined
    const resolved = resolveSchema(doc, target, [...seen, $ref]) ?? {}
    return { ...resolved, ...stripUndefined(siblings), 'x-ref-name': name }
  }
  const out: Schema = { ...schema }
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [
        key,
        resolveSchema(doc, value, seen) ?? {},
      ]),
    )
  }
  if (schema.items) out.items = resolveSchema(doc, schema.items, seen) ?? {}
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    out.additionalProperties = resolveSchema(doc, schema.additionalProperties, seen) ?? {}
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key]
    if (list) out[key] = list.map((item) => resolveSchema(doc, item, seen) ?? {})
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((item) => resolveSchema(doc, item, seen) ?? {})
    const { allOf: _allOf, ...rest } = out
    return mergeAllOf(rest, parts)
  }
  return out
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** `allOf` as one schema: properties and `required` merged, the outer keywords kept. */
function mergeAllOf(base: Schema, parts: Schema[]): Schema {
  const merged: Schema = {}
  for (const part of parts) {
    const { properties, required } = merged
    Object.assign(merged, part)
    merged.properties = { ...properties, ...part.properties }
    merged.required = [...(required ?? []), ...(part.required ?? [])]
  }
  const properties = { ...merged.properties, ...base.properties }
  const required = [...(merged.required ?? []), ...(base.required ?? [])]
  const result: Schema = { ...merged, ...base }
  if (Object.keys(properties).length) result.properties = properties
  if (required.length) result.required = [...new Set(required)]
  return result
}

/** The schema's types without 'null', and whether null is allowed. */
export function schemaTypes(schema: Schema): { types: string[]; nullable: boolean } {
  const declared = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  let nullable = declared.includes('null') || schema.nullable === true
  let types = declared.filter((type) => type !== 'null')
  const variants = schema.oneOf ?? schema.anyOf
  if (types.length === 0 && variants) {
    const nonNull = variants.filter((variant) => !isNullSchema(variant))
    if (nonNull.length !== variants.length) nullable = true
    if (nonNull.length === 1) types = schemaTypes(nonNull[0]!).types
  }
  if (types.length === 0) {
    if (schema.properties || schema.additionalProperties) types = ['object']
    else if (schema.items) types = ['array']
  }
  return { types, nullable }
}

function isNullSchema(schema: Schema): boolean {
  return (
    schema.type === 'null' || (Array.isArray(schema.type) && schema.type.every((t) => t === 'null'))
  )
}

/** `oneOf: [X, {type: null}]` (how utoipa writes `Option<X>`) seen as X. */
export function unwrapNullable(schema: Schema): Schema {
  const variants = schema.oneOf ?? schema.anyOf
  if (!variants) return schema
  const nonNull = variants.filter((variant) => !isNullSchema(variant))
  if (nonNull.length !== 1 || nonNull.length === variants.length) return schema
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = schema
  return {
    ...nonNull[0],
    ...stripUndefined(rest),
    description: rest.description ?? nonNull[0]!.description,
  }
}

const SAMPLE_STRINGS: Record<string, string> = {
  'date-time': '2025-01-01T08:00:00Z',
  date: '2025-01-01',
  time: '08:00:00',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  email: 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  ipv4: '192.0.2.1',
}

/**
 * A JSON value that fits the schema: its `example`, `examples[0]`, `default`, `const` or first
 * `enum` value, else one built from the type (Swagger UI's habit: "string", 0, true, …).
 */
export function exampleFromSchema(schema: Schema | null | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return undefined
  if (schema.example !== undefined) return schema.example
  if (schema.examples?.length) return schema.examples[0]
  if (schema.default !== undefined) return schema.default
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  if (schema['x-circular']) return schemaTypes(schema).types[0] === 'array' ? [] : {}
  const plain = unwrapNullable(schema)
  if (plain !== schema) return exampleFromSchema(plain, depth)
  const variants = schema.oneOf ?? schema.anyOf
  if (variants?.length) return exampleFromSchema(variants[0], depth + 1)
  const { types, nullable } = schemaTypes(schema)
  switch (types[0]) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(([key, value]) => [
        key,
        exampleFromSchema(value, depth + 1),
      ])
      if (
        entries.length === 0 &&
        schema.additionalProperties &&
        typeof schema.additionalProperties === 'object'
      ) {
        return { key: exampleFromSchema(schema.additionalProperties, depth + 1) }
      }
      return Object.fromEntries(entries)
    }
    case 'array': {
      const item = exampleFromSchema(schema.items, depth + 1)
      return item === undefined ? [] : [item]
    }
    case 'string':
      return SAMPLE_STRINGS[schema.format ?? ''] ?? 'string'
    case 'integer':
    case 'number':
      return 0
    case 'boolean':
      return true
    default:
      return nullable ? null : undefined
  }
}

function mediaExample(
  doc: OpenApiDocument,
  media: MediaTypeObject | undefined,
  schema: Schema | null,
) {
  if (!media) return undefined
  if (media.example !== undefined) return media.example
  const first = media.examples ? Object.values(media.examples)[0] : undefined
  if (first) {
    const resolved = resolveObject(doc, first)
    if (resolved.value !== undefined) return resolved.value
  }
  return exampleFromSchema(schema)
}

/** The JSON media type if there is one, else the first listed. */
function pickMediaType(content: Record<string, MediaTypeObject> | undefined): string | null {
  const types = Object.keys(content ?? {})
  return types.find((type) => /[/+]json\b/.test(type)) ?? types[0] ?? null
}

function parameterType(schema: Schema | null, fallback?: string): string {
  if (schema) {
    const { types } = schemaTypes(schema)
    if (types.length) return types.join(' | ')
  }
  return fallback ?? 'string'
}

function toParameter(
  name: string,
  description: string | undefined,
  required: boolean,
  schema: Schema | null,
  example?: unknown,
  declaredType?: string,
): ApiParameter {
  const plain = schema ? unwrapNullable(schema) : null
  const param: ApiParameter = {
    name,
    description: description ?? plain?.description ?? '',
    required,
    type: parameterType(plain, declaredType),
  }
  if (plain?.format) param.format = plain.format
  if (plain?.enum) param.enum = plain.enum
  const sample = example ?? plain?.example ?? plain?.examples?.[0]
  if (sample !== undefined) param.example = sample
  if (schema) param.schema = schema
  return param
}

/** The top-level properties of an object schema as parameters (the 'body' group of §3). */
function schemaProperties(schema: Schema | null): ApiParameter[] {
  if (!schema) return []
  const plain = unwrapNullable(schema)
  const required = new Set(plain.required ?? [])
  return Object.entries(plain.properties ?? {}).map(([name, property]) =>
    toParameter(name, property.description, required.has(name), property),
  )
}

/** Reads the operation's (else the document's) `security` (see {@link AuthRequirement}). */
export function authRequirement(
  security: SecurityRequirement[] | undefined,
  doc: OpenApiDocument,
): AuthRequirement {
  const requirements = security ?? doc.security ?? []
  const schemes = doc.components?.securitySchemes ?? {}
  const isBearer = (name: string) =>
    name === 'bearer' ||
    (schemes[name]?.type === 'http' && schemes[name]?.scheme?.toLowerCase() === 'bearer')
  const auth: AuthRequirement = {
    public: requirements.length === 0,
    session: false,
    bearerScopes: null,
  }
  for (const requirement of requirements) {
    const names = Object.keys(requirement)
    if (names.length === 0) auth.public = true
    for (const name of names) {
      if (isBearer(name)) {
        auth.bearerScopes = [
          ...new Set([...(auth.bearerScopes ?? []), ...(requirement[name] ?? [])]),
        ]
      } else {
        auth.session = true
      }
    }
  }
  return auth
}

function parseOperation(
  doc: OpenApiDocument,
  path: string,
  method: ApiMethod,
  operation: OperationObject,
  pathParameters: ParameterObject[],
): Omit<ApiEndpoint, 'id'> {
  const parameters: ApiEndpoint['parameters'] = { path: [], query: [], header: [], body: [] }
  // Operation parameters override path-level ones with the same name and location.
  const byKey = new Map<string, ParameterObject>()
  for (const raw of [...pathParameters, ...(operation.parameters ?? [])]) {
    const param = resolveObject(doc, raw)
    if (!param.name || !param.in) continue
    byKey.set(`${param.in}:${param.name}`, param)
  }
  for (const param of byKey.values()) {
    const location = param.in as string
    if (location !== 'path' && location !== 'query' && location !== 'header' && location !== 'body')
      continue
    const schema = resolveSchema(doc, param.schema)
    const example =
      param.example ?? (param.examples ? Object.values(param.examples)[0]?.value : undefined)
    parameters[location].push(
      toParameter(
        param.name!,
        param.description,
        location === 'path' ? true : param.required === true,
        schema,
        example,
        param.type,
      ),
    )
  }

  let requestBody: ApiRequestBody | null = null
  if (operation.requestBody) {
    const body = resolveObject(doc, operation.requestBody)
    const mediaType = pickMediaType(body.content) ?? 'application/json'
    const media = body.content?.[mediaType]
    const schema = resolveSchema(doc, media?.schema)
    const properties = schemaProperties(schema)
    requestBody = {
      required: body.required === true,
      mediaType,
      schema,
      example: mediaExample(doc, media, schema),
      properties,
      description: body.description ?? '',
    }
    if (parameters.body.length === 0) parameters.body = properties
  }

  const responses = Object.entries(operation.responses ?? {}).map(([status, raw]) => {
    const response = resolveObject(doc, raw)
    const mediaType = pickMediaType(response.content)
    const media = mediaType ? response.content?.[mediaType] : undefined
    const schema = resolveSchema(doc, media?.schema)
    return {
      status,
      description: response.description ?? '',
      mediaType,
      schema,
      example: mediaExample(doc, media, schema),
    }
  })

  return {
    path,
    method,
    summary: operation.summary ?? '',
    description: operation.description ?? '',
    operationId: operation.operationId ?? null,
    tags: operation.tags?.filter((tag) => tag.trim() !== '') ?? [],
    deprecated: operation.deprecated === true,
    parameters,
    requestBody,
    responses,
    auth: authRequirement(operation.security, doc),
  }
}

/**
 * Every operation of the document with one of the methods of §9, in the document's order.
 * Two operations whose ids coincide (`/a-b` and `/a/b`) keep them apart with `--2`, `--3`, ….
 */
export function parseEndpoints(doc: OpenApiDocument): ApiEndpoint[] {
  const endpoints: ApiEndpoint[] = []
  const used = new Map<string, number>()
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (!operation || typeof operation !== 'object') continue
      const base = endpointId(method, path)
      const count = (used.get(base) ?? 0) + 1
      used.set(base, count)
      endpoints.push({
        id: count === 1 ? base : `${base}--${count}`,
        ...parseOperation(doc, path, method, operation, item.parameters ?? []),
      })
    }
  }
  return endpoints
}
