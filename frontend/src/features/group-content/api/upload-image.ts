import { uploadFile, type UploadProgress } from '@/lib/upload.ts'
import type { GalleryImage, ResponseBody } from '@/lib/api/types.ts'
import { groupApiPath } from './keys.ts'

type Uploaded = ResponseBody<'/api/groups/{id}/gallery', 'post', 201>

interface UploadImageOptions {
  /** Uploaded in this article's editor: it goes when the article goes. */
  articleId?: string
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

/**
 * `POST /api/groups/{id}/gallery[?articleId=…]`: the file itself is the body. The server judges
 * it by content and answers 413 (too large), 415 (not JPEG, PNG, WebP or GIF), 422 (too many
 * pixels, corrupt, quota), 429 (too many uploads) or 503 (busy) with a message to show.
 */
export async function uploadImage(
  groupId: string,
  file: Blob,
  { articleId, onProgress, signal }: UploadImageOptions = {},
): Promise<GalleryImage> {
  const query = articleId ? `?${new URLSearchParams({ articleId })}` : ''
  const response = await uploadFile<Uploaded>(`${groupApiPath(groupId)}/gallery${query}`, file, {
    onProgress,
    signal,
  })
  return response.image
}
