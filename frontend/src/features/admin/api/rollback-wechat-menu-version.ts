import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { adminKeys } from './keys.ts'
import type { MenuVersionResponse } from '@/lib/api/types.ts'

/** Publishes an earlier version again, as a new version. */
function rollbackWechatMenuVersion(id: string): Promise<MenuVersionResponse> {
  return api.post<MenuVersionResponse>(
    `/api/admin/wechat/menu/versions/${encodeURIComponent(id)}/rollback`,
  )
}

export function useRollbackWechatMenuVersion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...adminKeys.wechatMenuVersions, 'rollback'],
    mutationFn: rollbackWechatMenuVersion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.wechatMenu, exact: true }),
        queryClient.invalidateQueries({ queryKey: adminKeys.wechatMenuVersions }),
      ]),
  })
}
