import { ApiError } from '@/lib/api-client.ts'

/** The API's answer to someone outside a private group (any of its content). */
export function isMembersOnly(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'members_only'
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}
