import type { PhonePrefix, User } from '@/lib/user.ts'

// Hand-written from docs/api.md until the types are generated from /api/docs.json.

/** Answers that carry the (updated) signed-in user. */
export interface UserResponse {
  success: boolean
  user: User | null
  message?: string
}

/** PUT /api/account/phone */
export interface BindPhoneBody {
  phonePrefix: PhonePrefix
  phoneNumber: string
  verificationCode: string
}

/** POST /api/account/phone/sendVerification */
export interface SendCodeResponse {
  success: boolean
  message?: string
  /** RFC 3339; the resend countdown is computed from it. */
  sentAt?: string
  resendAfterSecs?: number
  expiresInSecs?: number
}
