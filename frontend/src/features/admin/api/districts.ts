import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { api, apiBaseUrl } from '@/lib/api-client.ts'
import type {
  DistrictBody,
  DistrictImportPlan,
  DistrictResponse,
  DistrictsResponse,
  NewDistrictBody,
} from '@/lib/api/types.ts'
import { adminKeys } from './keys.ts'

/** Items per page of a level of the tree or of a search (the server's cap). */
export const DISTRICT_PAGE = 50

function withCursor(path: string, cursor: string | null): string {
  return cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path
}

/** The divisions under `parent` (`null`: the provinces), page by page. */
export function districtChildrenQueryOptions(parent: string | null) {
  const base = `/api/districts?limit=${DISTRICT_PAGE}${parent ? `&parent=${parent}` : ''}`
  return infiniteQueryOptions({
    queryKey: [...adminKeys.districts, 'children', parent ?? ''] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<DistrictsResponse>(withCursor(base, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  })
}

export function useDistrictChildren(parent: string | null, enabled = true) {
  return useInfiniteQuery({ ...districtChildrenQueryOptions(parent), enabled })
}

/** Districts whose code starts with `q` or whose name contains it (nothing for a blank `q`). */
export function useDistrictSearch(q: string) {
  const query = q.trim()
  const base = `/api/districts/search?limit=${DISTRICT_PAGE}&q=${encodeURIComponent(query)}`
  return useInfiniteQuery({
    queryKey: [...adminKeys.districts, 'search', query] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<DistrictsResponse>(withCursor(base, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled: query !== '',
  })
}

function useRefreshDistricts() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.districts })
}

export function useCreateDistrict() {
  const refresh = useRefreshDistricts()
  return useMutation({
    mutationKey: [...adminKeys.districts, 'create'],
    mutationFn: (body: NewDistrictBody) => api.post<DistrictResponse>('/api/admin/districts', body),
    onSuccess: refresh,
  })
}

export function useUpdateDistrict() {
  const refresh = useRefreshDistricts()
  return useMutation({
    mutationKey: [...adminKeys.districts, 'update'],
    mutationFn: ({ code, body }: { code: string; body: DistrictBody }) =>
      api.put<DistrictResponse>(`/api/admin/districts/${encodeURIComponent(code)}`, body),
    onSuccess: refresh,
  })
}

export type DistrictFileFormat = 'csv' | 'json'

export interface DistrictImport {
  text: string
  format: DistrictFileFormat
  /** Only plan (nothing is written); else apply when no line is refused. */
  dryRun: boolean
}

export function importDistricts({ text, format, dryRun }: DistrictImport) {
  return api.post<DistrictImportPlan>(`/api/admin/districts/import?dryRun=${dryRun}`, text, {
    headers: { 'Content-Type': format === 'csv' ? 'text/csv' : 'application/json' },
  })
}

/** Plans or applies an import; an applied one refreshes every list of districts. */
export function useImportDistricts() {
  const refresh = useRefreshDistricts()
  return useMutation({
    mutationKey: [...adminKeys.districts, 'import'],
    mutationFn: importDistricts,
    onSuccess: (plan) => (plan.applied ? refresh() : undefined),
  })
}

/** Where the browser downloads every district as a file (the session cookie goes along). */
export function districtExportUrl(format: DistrictFileFormat): string {
  return `${apiBaseUrl()}/api/admin/districts/export?format=${format}`
}
