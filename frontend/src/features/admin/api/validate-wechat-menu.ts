import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'
import type { Menu, MenuValidationResponse } from '@/lib/api/types.ts'

function validateWechatMenu(menu: Menu): Promise<MenuValidationResponse> {
  return api.post<MenuValidationResponse>('/api/admin/wechat/menu/validate', menu)
}

export function useValidateWechatMenu() {
  return useMutation({
    mutationKey: [...adminKeys.wechatMenu, 'validate'],
    mutationFn: validateWechatMenu,
  })
}
