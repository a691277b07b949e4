import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { i18n } from '@/lib/i18n.ts'

/** The server's code for a sign-in refused because an administrator disabled the account. */
const ACCOUNT_DISABLED = 'account_disabled'

/**
 * What a refused sign-in says: a disabled account is told so plainly, whichever door it tried
 * (password, phone, WeChat), with what to do; anything else is the server's own message.
 */
export function signInErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === ACCOUNT_DISABLED) {
    return i18n.t('auth:login.accountDisabled')
  }
  return errorMessage(error, fallback)
}
