import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import type { Since } from '../search-params.ts'
import { queryString, resultsQueryOptions } from './results.ts'

type Page = ResponseBody<'/api/search/articles', 'get'>

/** The filters this search takes (a type alias: part of the query key). */
type ArticlesFilters = {
  q: string
  since?: Since
  /** One group's id. */
  group?: string
}

/** `GET /api/search/articles`: published articles (title and text) holding every word of `q`, of the groups the asker may read, newest published first. */
function searchArticles(filters: ArticlesFilters, cursor: string | null): Promise<Page> {
  return api.get<Page>(`/api/search/articles${queryString({ ...filters, cursor })}`)
}

export function searchArticlesQueryOptions(filters: ArticlesFilters) {
  return resultsQueryOptions('articles', filters, (cursor) => searchArticles(filters, cursor))
}
