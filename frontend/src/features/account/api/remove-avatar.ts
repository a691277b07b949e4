import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { AuthResponse } from '@/lib/api/types.ts'
import { i18n } from '@/lib/i18n.ts'
import { updateSessionUser } from '@/lib/session.ts'
import { requireSuccess } from './require-success.ts'

/** `DELETE /api/account/avatar`. */
async function removeAvatar(): Promise<AuthResponse> {
  const response = await api.delete<AuthResponse>('/api/account/avatar')
  return requireSuccess(response, i18n.t('account:avatar.failed'))
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: ({ user }) => updateSessionUser(queryClient, user),
  })
}
