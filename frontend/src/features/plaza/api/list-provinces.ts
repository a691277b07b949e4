import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'
import { plazaKeys } from './keys.ts'

type DistrictsPage = ResponseBody<'/api/districts', 'get'>

/** The server's largest page: the 34 provinces fit in one. */
const PAGE = 50

/** `GET /api/districts` without a parent: the provinces, every page of them, in code order. */
async function listProvinces(): Promise<DistrictsPage['districts']> {
  const all: DistrictsPage['districts'] = []
  let cursor: string | null = null
  do {
    const search = new URLSearchParams({ limit: String(PAGE) })
    if (cursor) search.set('cursor', cursor)
    const page: DistrictsPage = await api.get<DistrictsPage>(`/api/districts?${search}`)
    all.push(...page.districts)
    cursor = page.nextCursor
  } while (cursor)
  return all
}

export function provincesQueryOptions() {
  return queryOptions({
    queryKey: plazaKeys.provinces,
    queryFn: listProvinces,
    staleTime: Infinity,
  })
}

export function useProvinces() {
  return useQuery(provincesQueryOptions())
}
