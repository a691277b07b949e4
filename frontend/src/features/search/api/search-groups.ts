import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { queryString, resultsQueryOptions } from './results.ts'

type Page = ResponseBody<'/api/search/groups', 'get'>

/** `GET /api/search/groups`: groups whose name or description holds every word of `q` (a private group for its members only), newest first; `author` is the owner. */
function searchGroups(q: string, cursor: string | null): Promise<Page> {
  return api.get<Page>(`/api/search/groups${queryString({ q, cursor })}`)
}

export function searchGroupsQueryOptions(q: string) {
  return resultsQueryOptions('groups', { q }, (cursor) => searchGroups(q, cursor))
}
