import { Bell, Palette, ShieldCheck, UserRound, UserX, type LucideIcon } from 'lucide-react'

/** The settings sections, in order: the desktop sidebar and the phone menu list these. */
export const SETTINGS_SECTIONS: ReadonlyArray<{
  to:
    | '/settings/account'
    | '/settings/security'
    | '/settings/notifications'
    | '/settings/blocks'
    | '/settings/appearance'
  label: 'nav.account' | 'nav.security' | 'nav.notifications' | 'nav.blocks' | 'nav.appearance'
  description:
    | 'nav.accountHint'
    | 'nav.securityHint'
    | 'nav.notificationsHint'
    | 'nav.blocksHint'
    | 'nav.appearanceHint'
  icon: LucideIcon
}> = [
  {
    to: '/settings/account',
    label: 'nav.account',
    description: 'nav.accountHint',
    icon: UserRound,
  },
  {
    to: '/settings/security',
    label: 'nav.security',
    description: 'nav.securityHint',
    icon: ShieldCheck,
  },
  {
    to: '/settings/notifications',
    label: 'nav.notifications',
    description: 'nav.notificationsHint',
    icon: Bell,
  },
  {
    to: '/settings/blocks',
    label: 'nav.blocks',
    description: 'nav.blocksHint',
    icon: UserX,
  },
  {
    to: '/settings/appearance',
    label: 'nav.appearance',
    description: 'nav.appearanceHint',
    icon: Palette,
  },
]
