import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import type { Since } from '../search-params.ts'
import { queryString, resultsQueryOptions } from './results.ts'

type Page = ResponseBody<'/api/search/replies', 'get'>

/** The filters this search takes (a type alias: part of the query key). */
type RepliesFilters = {
  q: string
  since?: Since
  /** One group's id. */
  group?: string
}

/** `GET /api/search/replies`: replies to published articles holding every word of `q`, of the groups the asker may read, newest first. */
function searchReplies(filters: RepliesFilters, cursor: string | null): Promise<Page> {
  return api.get<Page>(`/api/search/replies${queryString({ ...filters, cursor })}`)
}

export function searchRepliesQueryOptions(filters: RepliesFilters) {
  return resultsQueryOptions('replies', filters, (cursor) => searchReplies(filters, cursor))
}
