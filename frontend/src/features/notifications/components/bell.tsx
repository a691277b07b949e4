import { Link } from '@tanstack/react-router'
import { Bell as BellIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { buttonVariants } from '@/components/ui/button.tsx'
import { useLiveStreamOpen } from '@/lib/live-events.ts'
import { cn } from '@/lib/utils.ts'
import { useUnreadCount } from '../api/get-unread-count.ts'
import { useNotificationsLive } from '../live.ts'
import { CountBadge } from './count-badge.tsx'

/**
 * The header's bell: a link to the inbox with the unread count. It also holds the tab's live
 * stream while the user is signed in (it is in the header of every page, signed in only).
 */
export function Bell({ userId }: { userId: string }) {
  const { t } = useTranslation('notifications')
  useNotificationsLive(userId)
  const unread = useUnreadCount(useLiveStreamOpen()).data ?? 0
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className={cn(
        buttonVariants({ variant: 'ghost', iconOnly: true }),
        'relative data-[status=active]:text-primary [&_svg]:size-5',
      )}
    >
      <BellIcon aria-hidden="true" />
      <CountBadge count={unread} />
    </Link>
  )
}

/** The unread count on the phone's Me tab, said to screen readers with the tab's name. */
export function MeBadge() {
  const { t } = useTranslation('notifications')
  const unread = useUnreadCount(useLiveStreamOpen()).data ?? 0
  if (unread <= 0) return null
  return (
    <>
      <CountBadge count={unread} />
      <span className="sr-only">{t('badge.unread', { count: unread })}</span>
    </>
  )
}
