import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'
import type { MenuVersion, MenuVersionsResponse } from '@/lib/api/types.ts'

/** Published versions, newest first. */
async function listWechatMenuVersions(): Promise<MenuVersion[]> {
  const response = await api.get<MenuVersionsResponse>('/api/admin/wechat/menu/versions')
  return response.versions
}

export function wechatMenuVersionsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.wechatMenuVersions,
    queryFn: listWechatMenuVersions,
  })
}

export function useWechatMenuVersions() {
  return useQuery(wechatMenuVersionsQueryOptions())
}
