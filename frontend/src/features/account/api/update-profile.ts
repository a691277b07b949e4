import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { updateSessionUser } from '@/lib/session.ts'
import { requireSuccess } from './require-success.ts'
import type { AuthResponse, ProfileRequest } from '@/lib/api/types.ts'

/** `PATCH /api/account/profile`: the fields sent change, the others stay. */
export async function updateProfile(body: ProfileRequest) {
  const response = await apiRequest<AuthResponse>('/api/account/profile', {
    method: 'PATCH',
    body,
  })
  return requireSuccess(response, i18n.t('account:profile.failed'))
}

/** The session's user is replaced by the answer, so the header shows the new name at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => updateSessionUser(queryClient, user),
  })
}
