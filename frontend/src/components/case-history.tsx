import { ChevronRight, History } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import { usePlazaVersions } from '@/lib/api/list-plaza-versions.ts'
import { useReplyVersions } from '@/lib/api/list-reply-versions.ts'
import type { ReportCase, ResponseBody } from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'
import { cn } from '@/lib/utils.ts'

type PlazaVersion = ResponseBody<'/api/plaza/posts/{id}/versions', 'get'>['versions'][number]
type ReplyVersion = ResponseBody<
  '/api/groups/{id}/articles/{articleId}/replies/{replyId}/versions',
  'get'
>['versions'][number]
/** One text of the item, as either endpoint gives it. */
type Version = PlazaVersion | ReplyVersion

/** Where a case's versions are asked for: posts, comments and replies have them. */
type Source =
  | { kind: 'post' | 'comment'; id: string }
  | { kind: 'reply'; groupId: string; articleId: string; id: string }

function sourceOf(item: ReportCase): Source | null {
  const { kind, id } = item.subject
  if (kind === 'post' || kind === 'comment') return { kind, id }
  if (kind === 'reply' && item.groupId && item.parentId)
    return { kind, groupId: item.groupId, articleId: item.parentId, id }
  return null
}

/**
 * A case's "History of edits" (posts, comments, replies): a disclosure that asks the item's
 * versions endpoint when it is first opened, never before, and lists every text newest first
 * with when it was written. Says so when the item is gone (404: deleted since) or was never
 * edited. The endpoints answer the item's author, administrators (the plaza) and the group's
 * managers (replies); anyone else gets the server's refusal here. Strings in `reports`.
 */
export function CaseHistory({ item }: { item: ReportCase }) {
  const { t } = useTranslation('reports')
  const [open, setOpen] = useState(false)
  const regionId = useId()
  const source = sourceOf(item)
  if (!source) return null
  return (
    <div className="grid gap-2">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((was) => !was)}
        className="-ms-3 justify-self-start text-muted-foreground"
      >
        <ChevronRight
          aria-hidden="true"
          className={cn('transition-transform', open ? 'rotate-90' : 'rtl:rotate-180')}
        />
        <History aria-hidden="true" />
        {t('history.toggle')}
      </Button>
      <div id={regionId} hidden={!open}>
        {open &&
          (source.kind === 'reply' ? (
            <ReplyHistory groupId={source.groupId} articleId={source.articleId} id={source.id} />
          ) : (
            <PlazaHistory kind={source.kind} id={source.id} />
          ))}
      </div>
    </div>
  )
}

function PlazaHistory({ kind, id }: { kind: 'post' | 'comment'; id: string }) {
  const query = usePlazaVersions(kind, id)
  return <Versions query={query} versions={query.data ?? []} />
}

function ReplyHistory({
  groupId,
  articleId,
  id,
}: {
  groupId: string
  articleId: string
  id: string
}) {
  const query = useReplyVersions(groupId, articleId, id)
  const data = query.data
  // The reply as it is now leads; its `versions` are only those its edits replaced.
  const versions: Version[] = data
    ? [
        {
          version: data.reply.version,
          body: data.reply.body,
          writtenAt: data.reply.editedAt ?? data.reply.createdAt,
        },
        ...data.versions,
      ]
    : []
  return <Versions query={query} versions={versions} />
}

function Versions({
  query,
  versions,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown; isFetching: boolean }
  versions: readonly Version[]
}) {
  const { t } = useTranslation('reports')
  if (query.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {t('history.loading')}
      </p>
    )
  if (query.error instanceof ApiError && query.error.status === 404)
    return <p className="text-sm text-muted-foreground">{t('history.gone')}</p>
  if (query.error)
    return (
      <div className="grid justify-items-start gap-2">
        <Alert>{t('history.failed', { message: errorMessage(query.error) })}</Alert>
        <Button
          variant="outline"
          size="sm"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('queue.retry')}
        </Button>
      </div>
    )
  return (
    <div className="grid gap-2">
      {versions.length <= 1 && (
        <p className="text-sm text-muted-foreground">{t('history.unedited')}</p>
      )}
      <ol aria-label={t('history.list')} className="grid gap-2">
        {versions.map((version, index) => (
          <li key={version.version} className="grid gap-1 rounded-lg border bg-muted/40 p-3">
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
              <time dateTime={version.writtenAt}>{formatDateTime(version.writtenAt)}</time>
              {index === 0 && (
                <span className="rounded-full bg-muted px-2 font-medium text-foreground">
                  {t('history.current')}
                </span>
              )}
            </p>
            <p className="text-sm wrap-anywhere whitespace-pre-wrap">
              {version.body.trim() || (
                <span className="text-muted-foreground">{t('queue.noExcerpt')}</span>
              )}
            </p>
          </li>
        ))}
      </ol>
    </div>
  )
}
