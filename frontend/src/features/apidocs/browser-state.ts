/**
 * The list side of the docs browser (spec §2.4, §4.4): endpoints grouped by tag, the search,
 * which group is open and which endpoint is selected. Pure functions; the page keeps the
 * chosen values in jotai (`state.ts`) and derives the rest with these.
 */
import type { ApiEndpoint, ApiMethod, OpenApiDocument } from './openapi.ts'

/** The group of untagged endpoints; shown as 'Other' / '其他'. */
export const OTHER_GROUP = ''

interface EndpointSummary {
  id: string
  method: ApiMethod
  path: string
  summary: string
  deprecated: boolean
}

export interface ApiGroup {
  /** The tag, or {@link OTHER_GROUP}. */
  name: string
  description: string
  endpoints: EndpointSummary[]
}

function summary(endpoint: ApiEndpoint): EndpointSummary {
  return {
    id: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    summary: endpoint.summary,
    deprecated: endpoint.deprecated,
  }
}

/**
 * Groups by tag: the document's `tags` order first, then tags in order of first use, then the
 * untagged endpoints. An endpoint with several tags is listed under each (as Swagger UI does).
 */
export function groupEndpoints(
  endpoints: readonly ApiEndpoint[],
  tags: OpenApiDocument['tags'] = [],
): ApiGroup[] {
  const groups = new Map<string, ApiGroup>()
  for (const tag of tags ?? []) {
    if (tag.name && !groups.has(tag.name)) {
      groups.set(tag.name, { name: tag.name, description: tag.description ?? '', endpoints: [] })
    }
  }
  const other: ApiGroup = { name: OTHER_GROUP, description: '', endpoints: [] }
  for (const endpoint of endpoints) {
    if (endpoint.tags.length === 0) {
      other.endpoints.push(summary(endpoint))
      continue
    }
    for (const tag of endpoint.tags) {
      let group = groups.get(tag)
      if (!group) {
        group = { name: tag, description: '', endpoints: [] }
        groups.set(tag, group)
      }
      group.endpoints.push(summary(endpoint))
    }
  }
  return [...groups.values(), other].filter((group) => group.endpoints.length > 0)
}

/**
 * The search of §2.4: case-insensitive, over path, summary and method. Words separated by
 * spaces must all match (each anywhere), so `post tokens` finds POST /api/tokens. Groups left
 * without endpoints are dropped; an empty query keeps everything.
 */
export function filterGroups(groups: readonly ApiGroup[], query: string): ApiGroup[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...groups]
  return groups
    .map((group) => ({
      ...group,
      endpoints: group.endpoints.filter((endpoint) => {
        const text = `${endpoint.method} ${endpoint.path} ${endpoint.summary}`.toLowerCase()
        return words.every((word) => text.includes(word))
      }),
    }))
    .filter((group) => group.endpoints.length > 0)
}

interface Selection {
  /** The selected endpoint, null for none. */
  selectedId: string | null
  /**
   * The open group: null when all are closed; undefined when nobody chose yet, which opens
   * the group of the selected endpoint.
   */
  expandedGroup: string | null | undefined
}

function contains(groups: readonly ApiGroup[], id: string): boolean {
  return groups.some((group) => group.endpoints.some((endpoint) => endpoint.id === id))
}

/**
 * The endpoint that is shown: the chosen one while it exists; else none, and the page shows its
 * overview. (It once auto-selected the first endpoint of the first group, `POST /api/auth/logout`,
 * one click on "Send" from signing the visitor out: issue 22.)
 */
export function effectiveSelection(
  groups: readonly ApiGroup[],
  chosen: string | null,
): string | null {
  if (chosen !== null && contains(groups, chosen)) return chosen
  return null
}

/**
 * The open group among the visible ones: none when the person closed them all; the chosen one
 * while it is visible; else the group holding the selected endpoint; else, while searching, the
 * first group with matches, so results are never all folded away. (A new search forgets the
 * chosen group: see `state.ts`.)
 */
export function effectiveExpandedGroup(
  visible: readonly ApiGroup[],
  selection: Selection,
  searching: boolean,
): string | null {
  const { expandedGroup, selectedId } = selection
  if (expandedGroup === null) return null
  if (expandedGroup !== undefined && visible.some((group) => group.name === expandedGroup)) {
    return expandedGroup
  }
  const holder = visible.find((group) => group.endpoints.some((e) => e.id === selectedId))
  if (holder) return holder.name
  return searching ? (visible[0]?.name ?? null) : null
}

/**
 * Toggling a group (§4.4): the open group closes; another group opens and its first endpoint
 * is selected; a group without endpoints closes.
 */
export function toggleGroup(
  visible: readonly ApiGroup[],
  current: { selectedId: string | null; expandedGroup: string | null },
  name: string,
): { selectedId: string | null; expandedGroup: string | null } {
  if (current.expandedGroup === name) return { ...current, expandedGroup: null }
  const first = visible.find((group) => group.name === name)?.endpoints[0]
  if (!first) return { ...current, expandedGroup: null }
  return { selectedId: first.id, expandedGroup: name }
}
