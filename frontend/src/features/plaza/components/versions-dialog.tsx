import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { formatDateTime } from '@/lib/format.ts'
import { usePlazaVersions } from '@/lib/api/list-plaza-versions.ts'

/** Every text of a post or a comment, newest first (its author and administrators). */
export function VersionsDialog({
  kind,
  id,
  onClose,
}: {
  kind: 'post' | 'comment'
  id: string
  onClose: () => void
}) {
  const { t } = useTranslation('plaza')
  const versions = usePlazaVersions(kind, id)
  return (
    <Modal
      open
      onClose={onClose}
      title={t(kind === 'post' ? 'versions.postTitle' : 'versions.commentTitle')}
      description={t('versions.description')}
      size="lg"
    >
      {versions.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          {t('feed.loading')}
        </p>
      ) : versions.isError ? (
        <Alert>{errorMessage(versions.error)}</Alert>
      ) : (
        <ol className="grid gap-3">
          {versions.data.map((version, index) => (
            <li key={version.version} className="grid gap-1 rounded-lg border p-3">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-medium">
                {t('versions.version', { n: version.version })}
                <time dateTime={version.writtenAt} className="font-normal text-muted-foreground">
                  {formatDateTime(version.writtenAt)}
                </time>
                {index === 0 && (
                  <span className="rounded-full bg-muted px-2 text-xs font-normal">
                    {t('versions.current')}
                  </span>
                )}
              </p>
              <p className="text-sm wrap-anywhere whitespace-pre-wrap">
                {version.body || (
                  <span className="text-muted-foreground italic">{t('versions.noText')}</span>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  )
}
