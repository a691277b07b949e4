import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { sessionsQueryKey } from './list-sessions.ts'
import type { MessageResponse } from './types.ts'

export interface ChangePasswordBody {
  currentPassword: string
  newPassword: string
}

export function changePassword(body: ChangePasswordBody) {
  return api.post<MessageResponse>('/api/auth/password/change', body)
}

/** The server revokes the user's other sessions, so the device list is refetched. */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}
