import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'
import type { TokenResponse, TokenState } from './types.ts'

/** The token page polls its status this often while it is open. */
export const TOKEN_REFETCH_INTERVAL_MS = 60_000

export async function getWechatToken(): Promise<TokenState> {
  const response = await api.get<TokenResponse>('/api/admin/wechat/token')
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
