import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { DistrictResponse, NewDistrictBody } from '@/lib/api/types.ts'
import { useRefreshDistricts } from './district-cache.ts'
import { adminKeys } from './keys.ts'

/** `POST /api/admin/districts`. */
export function useCreateDistrict() {
  const refresh = useRefreshDistricts()
  return useMutation({
    mutationKey: [...adminKeys.districts, 'create'],
    mutationFn: (body: NewDistrictBody) => api.post<DistrictResponse>('/api/admin/districts', body),
    onSuccess: refresh,
  })
}
