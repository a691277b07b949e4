import type { TFunction } from 'i18next'
import { Smartphone, UserRound, type LucideIcon } from 'lucide-react'
import type { ComponentType } from 'react'
import type { LoginFormProps } from './login-form-props.ts'
import { PhoneLoginForm } from './phone-login-form.tsx'
import { UsernameLoginForm } from './username-login-form.tsx'

interface LoginMode {
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
