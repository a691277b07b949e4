import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import type { Group } from '@/lib/api/types.ts'
import { MembershipAction } from './membership-action.tsx'

/**
 * A private group seen from outside: what it is, that its content is for members, and the way
 * in (or why there is none: a pending request, a ban).
 */
export function MembersOnlyPanel({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const state = group.membership?.state
  return (
    <Card aria-labelledby="members-only-title" className="flex flex-col items-start gap-4">
      <Lock aria-hidden="true" className="size-8 text-warning" />
      <div>
        <CardTitle id="members-only-title">{t('membersOnly.title')}</CardTitle>
        <CardDescription>
          {state === 'pending'
            ? t('membersOnly.pending')
            : state === 'banned'
              ? t('membersOnly.banned')
              : t('membersOnly.body')}
        </CardDescription>
      </div>
      <MembershipAction group={group} />
    </Card>
  )
}
