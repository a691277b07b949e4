import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { ResponseBody } from '@/lib/api/types.ts'

type DistrictsPage = ResponseBody<'/api/districts', 'get'>
type Province = DistrictsPage['districts'][number]

/** The server's largest page: the 34 provinces fit in one. */
const PAGE = 50

/**
 * `GET /api/districts` without a parent: the provinces, every page of them, in code order. The
 * same answer under the same key as the plaza's filter (features do not import each other), so
 * whichever page asks first fills it for both.
 */
async function listProvinces(): Promise<Province[]> {
  const all: Province[] = []
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

export function useProvinces(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['districts', 'provinces'] as const,
      queryFn: listProvinces,
      staleTime: Infinity,
      enabled,
    }),
  )
}
