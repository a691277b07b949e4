import { Link } from '@tanstack/react-router'
import { Clock, LogOut, UserPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import type { Group } from '@/lib/api/types.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { useJoinGroup } from '../api/join-group.ts'
import { useLeaveGroup } from '../api/leave-group.ts'

/**
 * What the viewer can do about belonging to the group, as one button: join (an open group at
 * once, the others on the join page), withdraw a pending request, or leave. The owner cannot
 * leave (ownership is transferred first) and a banned person cannot join: no button for either.
 */
export function MembershipAction({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const { user } = useSession()
  const loginDialog = useLoginDialog()
  const confirm = useConfirm()
  const toast = useToast()
  const join = useJoinGroup(group.id)
  const leave = useLeaveGroup(group.id)
  const membership = group.membership

  if (membership?.state === 'banned' || membership?.role === 'owner') return null

  if (membership?.state === 'active') {
    return (
      <Button
        variant="outline"
        onClick={() =>
          confirm({
            title: t('leave.title', { name: group.name }),
            description: group.visibility === 'private' ? t('leave.bodyPrivate') : t('leave.body'),
            confirmLabel: t('leave.confirm'),
            destructive: true,
            onConfirm: () =>
              leave.mutateAsync().then(
                () => void toast.success(t('leave.done', { name: group.name })),
                (error: unknown) => void toast.error(errorMessage(error)),
              ),
          })
        }
      >
        <LogOut aria-hidden="true" />
        {t('leave.action')}
      </Button>
    )
  }

  if (membership?.state === 'pending') {
    return (
      <Button
        variant="outline"
        onClick={() =>
          confirm({
            title: t('withdraw.title'),
            description: t('withdraw.body', { name: group.name }),
            confirmLabel: t('withdraw.confirm'),
            destructive: true,
            onConfirm: () =>
              leave.mutateAsync().then(
                () => void toast.success(t('withdraw.done')),
                (error: unknown) => void toast.error(errorMessage(error)),
              ),
          })
        }
      >
        <Clock aria-hidden="true" />
        {t('standing.pendingAction')}
      </Button>
    )
  }

  // A stranger or a visitor. An open group is joined from here; the others need the join page.
  if (group.joinPolicy === 'open') {
    return (
      <Button
        loading={join.isPending}
        onClick={() => {
          if (!user) {
            loginDialog.openLogin()
            return
          }
          join.mutate(
            {},
            {
              onSuccess: () => void toast.success(t('join.joined', { name: group.name })),
              onError: (error) => void toast.error(errorMessage(error)),
            },
          )
        }}
      >
        <UserPlus aria-hidden="true" />
        {t('join.action.open')}
      </Button>
    )
  }
  return (
    <Button asChild>
      <Link to="/group/$groupId/join" params={{ groupId: group.id }}>
        <UserPlus aria-hidden="true" />
        {t(`join.action.${group.joinPolicy}`)}
      </Link>
    </Button>
  )
}
