import type { PhonePrefix, User } from '@/lib/user.ts'

// Hand-written from docs/api.md until the types are generated from /api/docs.json.

export interface AuthSuccessResponse {
  success: boolean
  user: User | null
  message?: string
}

export interface MessageResponse {
  success: boolean
  message?: string
}

/** One signed-in device (GET /api/auth/sessions). */
export interface DeviceSession {
  id: string
  userAgent: string | null
  ip: string | null
  createdAt: string
  lastSeenAt: string
  /** True for the session making the request. */
  current: boolean
}

/** POST /api/auth/phone/login */
export interface PhoneLoginBody {
  phonePrefix: PhonePrefix
  phoneNumber: string
  verificationCode: string
}

export interface PhoneLoginResponse extends AuthSuccessResponse {
  /** True when this login made the account. */
  created?: boolean
}

/** POST /api/auth/phone/sendVerification */
export interface SendCodeResponse {
  success: boolean
  message?: string
  /** RFC 3339; the resend countdown is computed from it. */
  sentAt?: string
  resendAfterSecs?: number
  expiresInSecs?: number
}
