import type { PlazaImage, ResponseBody } from '@/lib/api/types.ts'
import { uploadFile, type UploadOptions } from '@/lib/upload.ts'

type Uploaded = ResponseBody<'/api/plaza/images', 'post', 201>

/**
 * `POST /api/plaza/images`: one image, the file itself as the body, with upload progress. Only
 * its owner sees it until a post takes it. The server judges it by content (413, 415, 422, 429,
 * 503 with a message to show).
 */
export async function uploadPlazaImage(
  file: Blob,
  options: UploadOptions = {},
): Promise<PlazaImage> {
  return (await uploadFile<Uploaded>('/api/plaza/images', file, options)).image
}
