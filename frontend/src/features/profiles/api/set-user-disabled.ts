import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { UserStatusResponse } from '@/lib/api/types.ts'
import { profileKeys } from './keys.ts'

/** `POST /api/admin/users/{id}/disable` or `/enable` (administrators only). */
function setUserDisabled(userId: string, disabled: boolean): Promise<UserStatusResponse> {
  const action = disabled ? 'disable' : 'enable'
  return api.post<UserStatusResponse>(
    `/api/admin/users/${encodeURIComponent(userId)}/${action}`,
    {},
  )
}

/** Disables or enables a user; the profile is read again to show the new state. */
export function useSetUserDisabled(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (disabled: boolean) => setUserDisabled(userId, disabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.profile(userId) }),
  })
}
