import { ApiError } from '@/lib/api-client.ts'

/** A 2xx answer without `success` is a failure too, with its message or the fallback. */
export function requireSuccess<T extends { success: boolean; message?: string }>(
  response: T,
  fallbackMessage: string,
): T {
  if (response.success) return response
  throw new ApiError({
    success: false,
    message: response.message || fallbackMessage,
    httpStatus: 200,
  })
}
