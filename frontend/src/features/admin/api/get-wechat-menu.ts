import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'
import type { Menu, MenuResponse } from '@/lib/api/types.ts'

/** The published menu, or null when there is none yet. */
async function getWechatMenu(): Promise<Menu | null> {
  const response = await api.get<MenuResponse>('/api/admin/wechat/menu')
  return response.menu ?? null
}

export function wechatMenuQueryOptions() {
  return queryOptions({ queryKey: adminKeys.wechatMenu, queryFn: getWechatMenu })
}

export function useWechatMenu() {
  return useQuery(wechatMenuQueryOptions())
}
