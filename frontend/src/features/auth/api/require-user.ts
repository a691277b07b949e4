import { ApiError } from '@/lib/api-client.ts'
import type { User } from '@/lib/user.ts'
import type { AuthSuccessResponse } from './types.ts'

/** A login counts only when the response has success and a user (spec §4.1). */
export function requireUser(response: AuthSuccessResponse, fallbackMessage: string): User {
  if (response.success && response.user) return response.user
  throw new ApiError({
    success: false,
    message: response.message || fallbackMessage,
    httpStatus: 200,
  })
}
