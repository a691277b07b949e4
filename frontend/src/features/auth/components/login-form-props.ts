import type { ReactNode } from 'react'
import type { User } from '@/lib/user.ts'

/**
 * What the dialog hands each login form: its own module, so that the forms and the list of
 * login modes (login-modes.ts, which names the forms) do not import each other.
 */
export interface LoginFormProps {
  /** False for 200 ms after a mode switch (spec §2.3); forms must not submit then. */
  submitAllowed: () => boolean
  /** `created`: this login made the account (phone login of a new number). */
  onSuccess: (user: User, details?: { created?: boolean }) => void
  /** Shown above the submit button: the WeChat 'bind' toggle when it applies. */
  extra?: ReactNode
}
