import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { clearSession } from '@/lib/session.ts'
import type { MessageResponse } from '@/lib/api/types.ts'

function logout() {
  return api.post<MessageResponse>('/api/auth/logout')
}

/** Logout clears the user even when the call fails (spec §4.1). */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSettled: () => clearSession(queryClient),
  })
}
