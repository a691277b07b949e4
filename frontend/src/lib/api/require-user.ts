import { ApiError } from '@/lib/api-client.ts'
import type { AuthResponse, User } from './types.ts'

/** A login counts only when the response has success and a user (spec §4.1). */
export function requireUser(response: AuthResponse, fallbackMessage: string): User {
  if (response.success && response.user) return response.user
  throw new ApiError({
    success: false,
    message: response.message || fallbackMessage,
    httpStatus: 200,
  })
}
