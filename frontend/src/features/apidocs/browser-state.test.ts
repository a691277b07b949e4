import { describe, expect, it } from 'vitest'
import {
  effectiveExpandedGroup,
  effectiveSelection,
  filterGroups,
  groupEndpoints,
  OTHER_GROUP,
  toggleGroup,
  type ApiGroup,
} from './browser-state.ts'
import { docsFixture as fixture } from './fixtures/docs.ts'
import { parseEndpoints, type OpenApiDocument } from './openapi.ts'

const doc: OpenApiDocument = {
  tags: [{ name: 'tokens', description: 'Personal access tokens' }, { name: 'empty' }],
  paths: {
    '/api/health': { get: { summary: 'Health check', tags: ['system'] } },
    '/api/tokens': {
      get: { summary: 'List my tokens', tags: ['tokens'] },
      post: { summary: 'Create a token', tags: ['tokens'] },
    },
    '/api/tokens/{id}': { delete: { summary: 'Revoke a token', tags: ['tokens'] } },
    '/api/misc': { get: { summary: 'Untagged' }, put: { summary: 'Blank tag', tags: [' '] } },
    '/api/both': { get: { summary: 'Two tags', tags: ['system', 'tokens'] } },
  },
}
const groups = groupEndpoints(parseEndpoints(doc), doc.tags)
const names = (list: ApiGroup[]) => list.map((group) => group.name)
const ids = (group: ApiGroup | undefined) => group?.endpoints.map((endpoint) => endpoint.id)

describe('groupEndpoints', () => {
  it('orders groups by the document tags, then first use, then the untagged group last', () => {
    expect(names(groups)).toEqual(['tokens', 'system', OTHER_GROUP])
    expect(groups[0]!.description).toBe('Personal access tokens')
  })

  it('puts untagged (or blank-tagged) endpoints into the other group and multi-tag ones in each', () => {
    expect(ids(groups[2])).toEqual(['get-api-misc', 'put-api-misc'])
    expect(ids(groups[0])).toEqual([
      'get-api-tokens',
      'post-api-tokens',
      'delete-api-tokens-id',
      'get-api-both',
    ])
    expect(ids(groups[1])).toEqual(['get-api-health', 'get-api-both'])
    expect(groups[0]!.endpoints[0]).toEqual({
      id: 'get-api-tokens',
      method: 'get',
      path: '/api/tokens',
      summary: 'List my tokens',
      deprecated: false,
    })
  })

  it('groups the real document by its tags', () => {
    const real = fixture
    const realGroups = groupEndpoints(parseEndpoints(real), real.tags)
    expect(names(realGroups)).toEqual([
      'auth',
      'account',
      'tokens',
      'admin',
      'ai',
      'groups',
      'districts',
      'plaza',
      'media',
      'notifications',
      'blocks',
      'profiles',
      'search',
      'reports',
      'system',
    ])
  })
})

describe('filterGroups (search)', () => {
  it('keeps everything for an empty or blank query', () => {
    expect(filterGroups(groups, '')).toEqual(groups)
    expect(filterGroups(groups, '   ')).toEqual(groups)
  })

  it('matches path, summary and method, ignoring case, and drops empty groups', () => {
    expect(filterGroups(groups, '/API/HEALTH').map(ids)).toEqual([['get-api-health']])
    expect(filterGroups(groups, 'revoke').map(ids)).toEqual([['delete-api-tokens-id']])
    expect(filterGroups(groups, 'DELETE').map(ids)).toEqual([['delete-api-tokens-id']])
    expect(filterGroups(groups, 'nothing like this')).toEqual([])
  })

  it('needs every word to match somewhere', () => {
    expect(filterGroups(groups, 'post tokens').map(ids)).toEqual([['post-api-tokens']])
    expect(filterGroups(groups, 'get token').map(ids)).toEqual([['get-api-tokens']])
  })
})

describe('selection (spec §4.4)', () => {
  it('selects only what was chosen: nothing is selected on its own (issue 22)', () => {
    expect(effectiveSelection(groups, null)).toBeNull()
    expect(effectiveSelection(groups, 'gone')).toBeNull()
    expect(effectiveSelection(groups, 'get-api-health')).toBe('get-api-health')
    expect(effectiveSelection([], 'get-api-health')).toBeNull()
  })

  it('opens the group of the selection until someone chooses', () => {
    const selection = { selectedId: 'get-api-health', expandedGroup: undefined }
    expect(effectiveExpandedGroup(groups, selection, false)).toBe('system')
    expect(effectiveExpandedGroup(groups, { ...selection, expandedGroup: null }, false)).toBeNull()
    expect(
      effectiveExpandedGroup(groups, { ...selection, expandedGroup: OTHER_GROUP }, false),
    ).toBe(OTHER_GROUP)
  })

  it('while searching, opens the first group with matches when the chosen one is hidden', () => {
    const visible = filterGroups(groups, 'misc')
    expect(
      effectiveExpandedGroup(
        visible,
        { selectedId: 'get-api-health', expandedGroup: 'system' },
        true,
      ),
    ).toBe(OTHER_GROUP)
    expect(
      effectiveExpandedGroup(visible, { selectedId: 'get-api-health', expandedGroup: null }, true),
    ).toBeNull()
  })

  it('toggling a closed group opens it and selects its first endpoint', () => {
    expect(
      toggleGroup(groups, { selectedId: 'get-api-tokens', expandedGroup: 'tokens' }, 'system'),
    ).toEqual({ selectedId: 'get-api-health', expandedGroup: 'system' })
  })

  it('toggling the open group closes it and keeps the selection', () => {
    expect(
      toggleGroup(groups, { selectedId: 'post-api-tokens', expandedGroup: 'tokens' }, 'tokens'),
    ).toEqual({ selectedId: 'post-api-tokens', expandedGroup: null })
  })

  it('toggling a group without endpoints collapses', () => {
    const withEmpty: ApiGroup[] = [...groups, { name: 'empty', description: '', endpoints: [] }]
    expect(
      toggleGroup(withEmpty, { selectedId: 'get-api-tokens', expandedGroup: 'tokens' }, 'empty'),
    ).toEqual({ selectedId: 'get-api-tokens', expandedGroup: null })
  })
})
