import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { DistrictImportPlan } from '@/lib/api/types.ts'
import { useRefreshDistricts } from './district-cache.ts'
import type { DistrictFileFormat } from './export-districts.ts'
import { adminKeys } from './keys.ts'

interface DistrictImport {
  text: string
  format: DistrictFileFormat
  /** Only plan (nothing is written); else apply when no line is refused. */
  dryRun: boolean
}

/** `POST /api/admin/districts/import?dryRun=`: the file's text as the body. */
function importDistricts({ text, format, dryRun }: DistrictImport) {
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
