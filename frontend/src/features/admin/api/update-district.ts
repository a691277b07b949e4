import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { DistrictBody, DistrictResponse } from '@/lib/api/types.ts'
import { useRefreshDistricts } from './district-cache.ts'
import { adminKeys } from './keys.ts'

/** `PUT /api/admin/districts/{code}`. */
export function useUpdateDistrict() {
  const refresh = useRefreshDistricts()
  return useMutation({
    mutationKey: [...adminKeys.districts, 'update'],
    mutationFn: ({ code, body }: { code: string; body: DistrictBody }) =>
      api.put<DistrictResponse>(`/api/admin/districts/${encodeURIComponent(code)}`, body),
    onSuccess: refresh,
  })
}
