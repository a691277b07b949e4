import { Globe, KeyRound, Lock, ShieldCheck, UserPlus, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import type { Group, JoinPolicy, Membership } from '@/lib/api/types.ts'

const POLICY_ICONS: Record<JoinPolicy, LucideIcon> = {
  open: UserPlus,
  approval: ShieldCheck,
  invite_code: KeyRound,
}

/** Public or private. */
export function VisibilityBadge({ group }: { group: Pick<Group, 'visibility'> }) {
  const { t } = useTranslation('groups')
  const Icon = group.visibility === 'private' ? Lock : Globe
  return (
    <Badge tone={group.visibility === 'private' ? 'warning' : 'info'}>
      <Icon aria-hidden="true" className="size-3" />
      {t(`visibility.${group.visibility}.label`)}
    </Badge>
  )
}

/** How one joins: open, approval, invite code. */
export function PolicyBadge({ group }: { group: Pick<Group, 'joinPolicy'> }) {
  const { t } = useTranslation('groups')
  const Icon = POLICY_ICONS[group.joinPolicy]
  return (
    <Badge>
      <Icon aria-hidden="true" className="size-3" />
      {t(`policy.${group.joinPolicy}.label`)}
    </Badge>
  )
}

/** The viewer's standing: owner, admin, member, request pending, banned (nothing for strangers). */
export function MembershipBadge({ membership }: { membership: Membership | null }) {
  const { t } = useTranslation('groups')
  if (!membership) return null
  if (membership.state === 'pending') return <Badge tone="warning">{t('standing.pending')}</Badge>
  if (membership.state === 'banned') return <Badge tone="error">{t('standing.banned')}</Badge>
  return <Badge tone="success">{t(`standing.${membership.role}`)}</Badge>
}

/** A member's role in a list of members. */
export function RoleBadge({ role }: { role: Membership['role'] }) {
  const { t } = useTranslation('groups')
  return <Badge tone={role === 'member' ? 'neutral' : 'success'}>{t(`roles.${role}`)}</Badge>
}
