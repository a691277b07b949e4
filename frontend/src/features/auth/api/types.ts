import type { User } from '@/lib/user.ts'

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
