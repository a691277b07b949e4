import { describe, expect, it } from 'vitest'
import { docsFixture as fixture } from './fixtures/docs.ts'
import { resolveSchema } from './openapi.ts'
import { buildSchemaTree, type SchemaNode } from './schema-tree.ts'

const doc = fixture
const child = (node: SchemaNode, name: string) => {
  const found = node.children.find((c) => c.name === name)
  if (!found) throw new Error(`no child ${name}`)
  return found
}

describe('buildSchemaTree', () => {
  const tree = buildSchemaTree(resolveSchema(doc, { $ref: '#/components/schemas/AuthResponse' })!)

  it('lists properties with type, required and description', () => {
    expect(tree.type).toBe('AuthResponse')
    expect(tree.children.map((c) => [c.name, c.type, c.required])).toEqual([
      ['message', 'string', true],
      ['success', 'boolean', true],
      ['user', 'UserDto', true],
    ])
  })

  it('nests objects, with nullable and formats', () => {
    const user = child(tree, 'user')
    expect(user.refName).toBe('UserDto')
    expect(user.description).toBe('A user as every client sees them.')
    const avatar = child(user, 'avatarUrl')
    expect(avatar).toMatchObject({ type: 'string', nullable: true, required: true })
    expect(child(user, 'createdAt')).toMatchObject({
      type: 'string',
      format: 'date-time',
      required: true,
    })
    // oneOf [PhoneDto, null]: a nullable PhoneDto with its own fields.
    const phone = child(user, 'phone')
    expect(phone).toMatchObject({ type: 'PhoneDto', nullable: true })
    expect(phone.children.map((c) => c.name)).toEqual(['masked', 'prefix'])
  })

  it('shows arrays of objects as array<Name> with the item fields as a child', () => {
    const versions = buildSchemaTree(
      resolveSchema(doc, { $ref: '#/components/schemas/VersionsResponse' })!,
    )
    const list = versions.children.find((c) => c.type.startsWith('array<'))!
    expect(list.type).toBe('array<MenuVersionDto>')
    expect(list.children).toHaveLength(1)
    expect(list.children[0]!.name).toBe('[]')
    expect(list.children[0]!.children.map((c) => c.name)).toContain('publishedBy')
  })

  it('keeps enums and marks recursion without expanding it again', () => {
    const node = buildSchemaTree({
      type: 'object',
      properties: {
        state: { type: 'string', enum: ['active', 'expired', 'revoked'], description: 'State' },
        next: { 'x-ref-name': 'Node', 'x-circular': true },
        tags: { type: 'array', items: { type: 'string' } },
      },
    })
    expect(child(node, 'state')).toMatchObject({
      enum: ['active', 'expired', 'revoked'],
      description: 'State',
    })
    expect(child(node, 'next')).toMatchObject({ circular: true, children: [] })
    expect(child(node, 'tags')).toMatchObject({ type: 'array<string>', children: [] })
  })
})
