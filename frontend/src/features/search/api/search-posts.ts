import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import type { Since } from '../search-params.ts'
import { queryString, resultsQueryOptions } from './results.ts'

type Page = ResponseBody<'/api/search/posts', 'get'>

/** The filters this search takes (a type alias: part of the query key). */
type PostFilters = {
  q: string
  since?: Since
  /** A province takes its cities and counties. */
  district?: string
}

/** `GET /api/search/posts`: plaza posts holding every word of `q`, newest first. */
function searchPosts(filters: PostFilters, cursor: string | null): Promise<Page> {
  return api.get<Page>(`/api/search/posts${queryString({ ...filters, cursor })}`)
}

export function searchPostsQueryOptions(filters: PostFilters) {
  return resultsQueryOptions('posts', filters, (cursor) => searchPosts(filters, cursor))
}
