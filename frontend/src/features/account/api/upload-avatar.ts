import type { AvatarUploadResponse } from '@/lib/api/types.ts'
import { uploadFile, type UploadProgress } from '@/lib/upload.ts'

/** `POST /api/account/avatar/upload`: the cropped square, with upload progress. */
export function uploadAvatarImage(
  image: Blob,
  onProgress?: (progress: UploadProgress) => void,
): Promise<AvatarUploadResponse> {
  return uploadFile<AvatarUploadResponse>('/api/account/avatar/upload', image, { onProgress })
}
