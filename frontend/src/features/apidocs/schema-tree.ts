/**
 * A resolved schema as a tree for the expandable view: one node per property (or array item,
 * or `oneOf` alternative), with its type, whether it is required, its description and enum.
 */
import { schemaTypes, unwrapNullable, type Schema } from './openapi.ts'

export interface SchemaNode {
  /** Property name; '[]' for an array's items; '' for the root. */
  name: string
  /** 'string', 'integer', 'object', 'array<UserDto>', 'string | integer', … */
  type: string
  format?: string
  /** The component the schema came from (`UserDto`). */
  refName?: string
  required: boolean
  nullable: boolean
  deprecated: boolean
  description: string
  enum?: unknown[]
  /** A reference back to an ancestor: shown, not expanded again. */
  circular: boolean
  children: SchemaNode[]
}

const MAX_DEPTH = 12

function typeLabel(schema: Schema): string {
  const { types } = schemaTypes(schema)
  if (types.length === 0) {
    const variants = (schema.oneOf ?? schema.anyOf)?.filter((v) => schemaTypes(v).types.length)
    if (variants?.length) return variants.map(typeLabel).join(' | ')
    return 'any'
  }
  return types
    .map((type) => {
      if (type === 'object' && schema['x-ref-name']) return schema['x-ref-name']
      if (type !== 'array' || !schema.items) return type
      const items = unwrapNullable(schema.items)
      return `array<${typeLabel(items)}>`
    })
    .join(' | ')
}

function childrenOf(schema: Schema, depth: number): SchemaNode[] {
  if (schema['x-circular'] || depth >= MAX_DEPTH) return []
  const { types } = schemaTypes(schema)
  if (schema.properties) {
    const required = new Set(schema.required ?? [])
    return Object.entries(schema.properties).map(([name, property]) =>
      buildNode(name, property, required.has(name), depth + 1),
    )
  }
  if (types.includes('array') && schema.items) {
    const item = buildNode('[]', schema.items, false, depth + 1)
    // A list of scalars says all in its type label; only structured items get a child.
    return item.children.length || item.circular ? [item] : []
  }
  const variants = schema.oneOf ?? schema.anyOf
  if (variants && variants.length > 1) {
    return variants.map((variant, index) => buildNode(`#${index + 1}`, variant, false, depth + 1))
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return [buildNode('{key}', schema.additionalProperties, false, depth + 1)]
  }
  return []
}

function buildNode(name: string, raw: Schema, required: boolean, depth: number): SchemaNode {
  const { nullable } = schemaTypes(raw)
  const schema = unwrapNullable(raw)
  const node: SchemaNode = {
    name,
    type: typeLabel(schema),
    required,
    nullable,
    deprecated: schema.deprecated === true,
    description: raw.description ?? schema.description ?? '',
    circular: schema['x-circular'] === true,
    children: childrenOf(schema, depth),
  }
  if (schema.format) node.format = schema.format
  if (schema['x-ref-name']) node.refName = schema['x-ref-name']
  if (schema.enum) node.enum = schema.enum
  return node
}

/** The tree of a resolved schema (see `resolveSchema`); the root has no name. */
export function buildSchemaTree(schema: Schema): SchemaNode {
  return buildNode('', schema, false, 0)
}
