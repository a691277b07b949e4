import type { TFunction } from 'i18next'
import { UserRound, type LucideIcon } from 'lucide-react'
import type { ComponentType } from 'react'
import type { User } from '@/lib/user.ts'
import { UsernameLoginForm } from './username-login-form.tsx'

/** What the dialog hands each login form. */
export interface LoginFormProps {
  /** False for 200 ms after a mode switch (spec §2.3); forms must not submit then. */
  submitAllowed: () => boolean
  onSuccess: (user: User) => void
}

export interface LoginMode {
  id: string
  label: (t: TFunction<'auth'>) => string
  icon: LucideIcon
  Form: ComponentType<LoginFormProps>
}

/**
 * The login methods, first one shown by default. The 'other login methods' section lists the
 * rest, so it appears only once a second method (phone, WeChat) is added here.
 */
export const LOGIN_MODES: readonly [LoginMode, ...LoginMode[]] = [
  {
    id: 'username',
    label: (t) => t('login.modes.username'),
    icon: UserRound,
    Form: UsernameLoginForm,
  },
]
