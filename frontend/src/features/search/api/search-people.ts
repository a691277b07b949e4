import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { queryString, resultsQueryOptions } from './results.ts'

type Page = ResponseBody<'/api/search/people', 'get'>

/** `GET /api/search/people`: people whose username, nickname or bio holds every word of `q`, newest accounts first. */
function searchPeople(q: string, cursor: string | null): Promise<Page> {
  return api.get<Page>(`/api/search/people${queryString({ q, cursor })}`)
}

export function searchPeopleQueryOptions(q: string) {
  return resultsQueryOptions('people', { q }, (cursor) => searchPeople(q, cursor))
}
