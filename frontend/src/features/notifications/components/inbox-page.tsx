import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BellOff, Settings } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useLiveStreamOpen } from '@/lib/live-events.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { useUnreadCount } from '../api/get-unread-count.ts'
import { notificationKeys } from '../api/keys.ts'
import { useInbox, type InboxPage, type Notification } from '../api/list-notifications.ts'
import { markAllRead } from '../api/mark-all-read.ts'
import { markRead } from '../api/mark-read.ts'
import { newestSeq } from '../sentence.ts'
import { NotificationRow } from './notification-row.tsx'

type Inbox = InfiniteData<InboxPage, string | null>

/** The cached inbox with `marked` read. */
function markedRead(inbox: Inbox | undefined, marked: (n: Notification) => boolean) {
  if (!inbox) return inbox
  return {
    ...inbox,
    pages: inbox.pages.map((page) => ({
      ...page,
      notifications: page.notifications.map((n) => (marked(n) ? { ...n, read: true } : n)),
    })),
  }
}

/** `/notifications`: the inbox, newest first; signed out, the way to log in. */
export function InboxPage() {
  const { t } = useTranslation('notifications')
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 md:py-10">
      {!initialized ? (
        <Spinner />
      ) : user ? (
        <Inbox />
      ) : (
        <>
          <PageHeader title={t('inbox.title')} />
          <Card className="flex flex-col items-start gap-4">
            <CardDescription>{t('inbox.signedOut')}</CardDescription>
            <Button onClick={loginDialog.openLogin}>{t('inbox.logIn')}</Button>
          </Card>
        </>
      )}
    </div>
  )
}

function Inbox() {
  const { t } = useTranslation('notifications')
  const queryClient = useQueryClient()
  const toast = useToast()
  const inbox = useInbox()
  const liveUnread = useUnreadCount(useLiveStreamOpen()).data
  // The relative times count from when the inbox was last read.
  const now = inbox.dataUpdatedAt
  const notifications = useMemo(
    () => inbox.data?.pages.flatMap((page) => page.notifications) ?? [],
    [inbox.data],
  )
  const unread = liveUnread ?? inbox.data?.pages[0]?.unread ?? 0

  const setUnread = (count: number) => queryClient.setQueryData(notificationKeys.unread, count)
  const markOne = (notification: Notification) => {
    if (notification.read) return
    queryClient.setQueryData<Inbox>(notificationKeys.inbox, (data) =>
      markedRead(data, (n) => n.id === notification.id),
    )
    setUnread(Math.max(0, unread - 1))
    markRead(notification.id).then(
      (answer) => setUnread(answer.unread),
      () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    )
  }
  const upTo = newestSeq(notifications)
  const markAll = useMutation({
    mutationFn: () => markAllRead(upTo === null ? {} : { upTo }),
    onSuccess: (answer) => {
      queryClient.setQueryData<Inbox>(notificationKeys.inbox, (data) =>
        markedRead(data, (n) => upTo === null || n.seq <= upTo),
      )
      setUnread(answer.unread)
      toast.success(t('inbox.markedAllRead'))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })

  return (
    <>
      <PageHeader
        title={t('inbox.title')}
        description={
          inbox.isSuccess
            ? unread > 0
              ? t('inbox.unreadSummary', { count: unread })
              : t('inbox.allRead')
            : undefined
        }
        actions={
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={unread === 0 || notifications.length === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {t('inbox.markAllRead')}
            </Button>
            <Button variant="ghost" size="sm" asChild>
              <Link to="/settings/notifications">
                <Settings aria-hidden="true" />
                {t('inbox.settings')}
              </Link>
            </Button>
          </>
        }
      />
      {inbox.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner />
          {t('inbox.loading')}
        </p>
      ) : inbox.isError ? (
        <Card className="flex flex-col items-start gap-4">
          <CardDescription>{t('inbox.loadFailed')}</CardDescription>
          <Button variant="outline" onClick={() => void inbox.refetch()}>
            {t('inbox.retry')}
          </Button>
        </Card>
      ) : notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-12 text-center">
          <BellOff aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{t('inbox.empty')}</p>
          <p className="text-sm text-muted-foreground">{t('inbox.emptyHint')}</p>
        </div>
      ) : (
        <>
          <ul aria-label={t('inbox.title')} className="flex flex-col gap-1">
            {notifications.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                now={now}
                onOpen={markOne}
              />
            ))}
          </ul>
          {inbox.hasNextPage && (
            <Button
              variant="outline"
              className="self-center"
              loading={inbox.isFetchingNextPage}
              onClick={() => void inbox.fetchNextPage()}
            >
              {t('inbox.loadMore')}
            </Button>
          )}
        </>
      )}
    </>
  )
}
