import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import type { AuthResponse } from '@/lib/api/types.ts'
import { i18n } from '@/lib/i18n.ts'
import { updateSessionUser } from '@/lib/session.ts'
import type { UploadProgress } from '@/lib/upload.ts'
import { requireSuccess } from './require-success.ts'
import { uploadAvatarImage } from './upload-avatar.ts'

/** Uploads the cropped square (`upload-avatar.ts`), then `PUT /api/account/avatar` makes it the avatar. */
async function uploadAndSetAvatar(
  image: Blob,
  onProgress?: (progress: UploadProgress) => void,
): Promise<AuthResponse> {
  const uploaded = await uploadAvatarImage(image, onProgress)
  const response = await api.put<AuthResponse>('/api/account/avatar', {
    mediaId: uploaded.image.id,
  })
  return requireSuccess(response, i18n.t('account:avatar.failed'))
}

export function useSetAvatar(onProgress: (progress: UploadProgress) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (image: Blob) => uploadAndSetAvatar(image, onProgress),
    onSuccess: ({ user }) => updateSessionUser(queryClient, user),
  })
}
