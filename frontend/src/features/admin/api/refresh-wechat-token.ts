import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'
import type { WechatTokenRefreshedResponse } from '@/lib/api/types.ts'

function refreshWechatToken(): Promise<WechatTokenRefreshedResponse> {
  return api.post<WechatTokenRefreshedResponse>('/api/admin/wechat/token/refresh')
}

/** Forces a new access token; the answer carries the new state, which replaces the cached one. */
export function useRefreshWechatToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...adminKeys.wechatToken, 'refresh'],
    mutationFn: refreshWechatToken,
    onSuccess: (response) => queryClient.setQueryData(adminKeys.wechatToken, response.token),
    // A refused refresh (429, WeChat error) may still have changed the counters.
    onError: () => queryClient.invalidateQueries({ queryKey: adminKeys.wechatToken }),
  })
}
