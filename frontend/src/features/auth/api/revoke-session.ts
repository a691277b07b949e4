import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '@/lib/api-client.ts'
import { clearSession } from '@/lib/session.ts'
import { sessionsQueryKey } from './list-sessions.ts'
import type { DeviceSession, MessageResponse } from '@/lib/api/types.ts'

function revokeSession(id: string) {
  return api.delete<MessageResponse>(`/api/auth/sessions/${encodeURIComponent(id)}`)
}

/** Revoking the current session signs this browser out; a session already gone refreshes the list. */
export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (session: DeviceSession) => revokeSession(session.id),
    onSuccess: (_response, session) => {
      if (session.current) clearSession(queryClient)
      else void queryClient.invalidateQueries({ queryKey: sessionsQueryKey })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'session_not_found') {
        void queryClient.invalidateQueries({ queryKey: sessionsQueryKey })
      }
    },
  })
}
