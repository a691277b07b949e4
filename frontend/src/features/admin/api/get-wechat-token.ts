import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'
import type { WechatTokenResponse, WechatTokenState } from '@/lib/api/types.ts'

/** The token page polls its status this often while it is open. */
const TOKEN_REFETCH_INTERVAL_MS = 60_000

async function getWechatToken(): Promise<WechatTokenState> {
  const response = await api.get<WechatTokenResponse>('/api/admin/wechat/token')
  return response.token
}

export function wechatTokenQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.wechatToken,
    queryFn: getWechatToken,
    refetchInterval: TOKEN_REFETCH_INTERVAL_MS,
  })
}

export function useWechatToken() {
  return useQuery(wechatTokenQueryOptions())
}
