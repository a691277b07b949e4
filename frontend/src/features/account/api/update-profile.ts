import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { useReauth } from '@/lib/reauth.ts'
import { updateSessionUser } from '@/lib/session.ts'
import { requireSuccess } from './require-success.ts'
import type { AuthResponse, ProfileRequest } from '@/lib/api/types.ts'

/** `PATCH /api/account/profile`: the fields sent change, the others stay. */
async function updateProfile(body: ProfileRequest) {
  const response = await apiRequest<AuthResponse>('/api/account/profile', {
    method: 'PATCH',
    body,
  })
  return requireSuccess(response, i18n.t('account:profile.failed'))
}

/**
 * The session's user is replaced by the answer, so the header shows the new name at once. A
 * rename changes how the account signs in, so like binding a phone it may first ask "Confirm
 * it's you" (`reauthentication_required`) and then run again.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  const withReauth = useReauth()
  return useMutation({
    mutationFn: (body: ProfileRequest) => withReauth(() => updateProfile(body)),
    onSuccess: ({ user }) => updateSessionUser(queryClient, user),
  })
}
