import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'
import type { Menu, MenuVersionResponse } from '@/lib/api/types.ts'

function publishWechatMenu(menu: Menu): Promise<MenuVersionResponse> {
  return api.put<MenuVersionResponse>('/api/admin/wechat/menu', menu)
}

/** Publishes to WeChat; a refusal of the rules is a 422 `invalid_menu` carrying `faults`. */
export function usePublishWechatMenu() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...adminKeys.wechatMenu, 'publish'],
    mutationFn: publishWechatMenu,
    onSuccess: (response) => {
      queryClient.setQueryData(adminKeys.wechatMenu, response.version.menu)
      return queryClient.invalidateQueries({ queryKey: adminKeys.wechatMenuVersions })
    },
  })
}
