import type { TFunction } from 'i18next'
import { Smartphone, UserRound, type LucideIcon } from 'lucide-react'
import type { ComponentType, ReactNode } from 'react'
import type { User } from '@/lib/user.ts'
import { PhoneLoginForm } from './phone-login-form.tsx'
import { UsernameLoginForm } from './username-login-form.tsx'

/** What the dialog hands each login form. */
export interface LoginFormProps {
  /** False for 200 ms after a mode switch (spec §2.3); forms must not submit then. */
  submitAllowed: () => boolean
  /** `created`: this login made the account (phone login of a new number). */
  onSuccess: (user: User, details?: { created?: boolean }) => void
  /** Shown above the submit button: the WeChat 'bind' toggle when it applies. */
  extra?: ReactNode
}

export interface LoginMode {
  id: string
  label: (t: TFunction<'auth'>) => string
  icon: LucideIcon
  Form: ComponentType<LoginFormProps>
}

/**
 * The login methods, first one shown by default (spec §2.3: phone login); the 'other login
 * methods' section lists the rest.
 */
export const LOGIN_MODES: readonly [LoginMode, ...LoginMode[]] = [
  {
    id: 'phone',
    label: (t) => t('login.modes.phone'),
    icon: Smartphone,
    Form: PhoneLoginForm,
  },
  {
    id: 'username',
    label: (t) => t('login.modes.username'),
    icon: UserRound,
    Form: UsernameLoginForm,
  },
]
