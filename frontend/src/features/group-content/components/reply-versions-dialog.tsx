import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { formatDateTime } from '@/lib/format.ts'
import { useReplyVersions } from '@/lib/api/list-reply-versions.ts'

/**
 * A reply's texts, newest first: as it is now, then each text an edit replaced (its author and
 * the group's managers; the server refuses anyone else).
 */
export function ReplyVersionsDialog({
  groupId,
  articleId,
  replyId,
  onClose,
}: {
  groupId: string
  articleId: string
  replyId: string
  onClose: () => void
}) {
  const { t } = useTranslation('group-content')
  const versions = useReplyVersions(groupId, articleId, replyId)
  const all = versions.data
    ? [
        {
          version: versions.data.reply.version,
          body: versions.data.reply.body,
          writtenAt: versions.data.reply.editedAt ?? versions.data.reply.createdAt,
        },
        ...versions.data.versions,
      ]
    : []
  return (
    <Modal
      open
      onClose={onClose}
      title={t('replies.versionsTitle')}
      description={t('replies.versionsDescription')}
      size="lg"
    >
      {versions.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {t('loading')}
        </p>
      ) : versions.isError ? (
        <Alert>{errorMessage(versions.error)}</Alert>
      ) : (
        <ol aria-label={t('replies.versionsTitle')} className="grid gap-3">
          {all.map((version, index) => (
            <li key={version.version} className="grid gap-1 rounded-lg border p-3">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-medium">
                {t('replies.version', { n: version.version })}
                <time dateTime={version.writtenAt} className="font-normal text-muted-foreground">
                  {formatDateTime(version.writtenAt)}
                </time>
                {index === 0 && (
                  <span className="rounded-full bg-muted px-2 text-xs font-normal">
                    {t('replies.current')}
                  </span>
                )}
              </p>
              <p className="text-sm wrap-anywhere whitespace-pre-wrap">{version.body}</p>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  )
}
