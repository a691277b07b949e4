import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'
import type { Menu, MessageResponse } from '@/lib/api/types.ts'

function deleteWechatMenu(): Promise<MessageResponse> {
  return api.delete<MessageResponse>('/api/admin/wechat/menu')
}

export function useDeleteWechatMenu() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...adminKeys.wechatMenu, 'delete'],
    mutationFn: deleteWechatMenu,
    onSuccess: () => {
      queryClient.setQueryData<Menu | null>(adminKeys.wechatMenu, null)
      return queryClient.invalidateQueries({ queryKey: adminKeys.wechatMenuVersions })
    },
  })
}
