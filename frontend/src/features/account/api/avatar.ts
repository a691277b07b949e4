import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'
import { updateSessionUser } from '@/lib/session.ts'
import { uploadFile, type UploadProgress } from '@/lib/upload.ts'
import { requireSuccess } from './require-success.ts'
import type { AuthResponse, AvatarUploadResponse } from '@/lib/api/types.ts'

/** Uploads the cropped square (`POST /api/account/avatar/upload`), then makes it the avatar. */
export async function uploadAndSetAvatar(
  image: Blob,
  onProgress?: (progress: UploadProgress) => void,
): Promise<AuthResponse> {
  const uploaded = await uploadFile<AvatarUploadResponse>('/api/account/avatar/upload', image, {
    onProgress,
  })
  const response = await api.put<AuthResponse>('/api/account/avatar', {
    mediaId: uploaded.image.id,
  })
  return requireSuccess(response, i18n.t('account:avatar.failed'))
}

export async function removeAvatar(): Promise<AuthResponse> {
  const response = await api.delete<AuthResponse>('/api/account/avatar')
  return requireSuccess(response, i18n.t('account:avatar.failed'))
}

export function useSetAvatar(onProgress: (progress: UploadProgress) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (image: Blob) => uploadAndSetAvatar(image, onProgress),
    onSuccess: ({ user }) => updateSessionUser(queryClient, user),
  })
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: ({ user }) => updateSessionUser(queryClient, user),
  })
}
