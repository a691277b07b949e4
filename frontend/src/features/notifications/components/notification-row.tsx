import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { UserAvatar } from '@/components/ui/avatar.tsx'
import { formatDateTime, formatRelative, parseTime } from '@/lib/format.ts'
import { personName } from '@/lib/person.ts'
import { userInitials } from '@/lib/user.ts'
import { cn } from '@/lib/utils.ts'
import type { Notification } from '../api/list-notifications.ts'
import { notificationLink, notificationSentence } from '../sentence.ts'

const rowClasses =
  'flex w-full min-h-11 items-start gap-3 rounded-lg px-3 py-3 text-start transition-colors'

/**
 * One notification: who, what (one sentence per kind), about what (its title and an excerpt),
 * when, and whether it is unread (a report's outcome names nobody). A readable one links to its permalink and is marked read on
 * the way; one whose subject is gone says so, with no link.
 */
export function NotificationRow({
  notification,
  now,
  onOpen,
}: {
  notification: Notification
  now: number
  onOpen: (notification: Notification) => void
}) {
  const { t } = useTranslation('notifications')
  const { subject, detail, read } = notification
  const sentence = notificationSentence(notification)
  // A report's outcome never says who decided it, whatever the server sent.
  const actor = sentence.anonymous ? null : notification.actor
  const link = notificationLink(notification)
  const actorName = actor ? personName(actor) : t('someone')
  const time = parseTime(notification.updatedAt) ?? now
  const text = t(sentence.key, {
    actor: actorName,
    count: sentence.count,
    total: sentence.total,
    role: sentence.role ? t(`roles.${sentence.role}`) : undefined,
  })

  const body = (
    <>
      <UserAvatar
        src={actor?.avatarUrl}
        initials={actor ? userInitials(actor) : '?'}
        className="mt-0.5 size-10 text-sm"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className={cn('break-words', !read && 'font-semibold')}>{text}</span>
        {subject.readable ? (
          <>
            {subject.title && (
              <span className="truncate text-sm text-foreground/80">{subject.title}</span>
            )}
            {sentence.showsDetail && detail && (
              <span className="line-clamp-2 text-sm break-words text-muted-foreground">
                {sentence.detailIsReason ? t('reason', { reason: detail }) : detail}
              </span>
            )}
          </>
        ) : (
          <>
            <span className="text-sm text-muted-foreground italic">{t('inbox.unavailable')}</span>
            {/* A removal's reason is not the content: it stays when the content is gone. */}
            {sentence.detailIsReason && detail && (
              <span className="line-clamp-2 text-sm break-words text-muted-foreground">
                {t('reason', { reason: detail })}
              </span>
            )}
          </>
        )}
        <time
          dateTime={notification.updatedAt}
          title={formatDateTime(notification.updatedAt)}
          className="text-xs text-muted-foreground"
        >
          {formatRelative(time, now)}
        </time>
      </span>
      {!read && (
        <span className="mt-2 flex shrink-0 items-center">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-primary" />
          <span className="sr-only">{t('inbox.unreadMark')}</span>
        </span>
      )}
    </>
  )

  return (
    <li data-unread={!read} data-kind={notification.kind}>
      {link ? (
        <Link
          {...link}
          onClick={() => onOpen(notification)}
          className={cn(
            rowClasses,
            'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            !read && 'bg-accent/50',
          )}
        >
          {body}
        </Link>
      ) : (
        <div className={cn(rowClasses, !read && 'bg-accent/50')}>{body}</div>
      )}
    </li>
  )
}
