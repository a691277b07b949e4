import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { PagedList } from '@/components/paged-list.tsx'
import { UserAvatar } from '@/components/ui/avatar.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription } from '@/components/ui/card.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { useSetBlock } from '@/lib/api/set-block.ts'
import type { BlockEntry, BlockKind } from '@/lib/api/types.ts'
import { formatDate, parseTime } from '@/lib/format.ts'
import { personName } from '@/lib/person.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { userInitials } from '@/lib/user.ts'
import { useBlocks } from '../api/list-blocks.ts'

/**
 * `/settings/blocks`: the people the signed-in person blocked, then those they muted, each list
 * newest first with "load more", and an undo beside each person.
 */
export function BlocksSettingsPage() {
  const { t } = useTranslation('blocks')
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()
  if (!initialized) return <Spinner />
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('title')} description={t('description')} />
      {user ? (
        <>
          <BlockList kind="block" />
          <BlockList kind="mute" />
        </>
      ) : (
        <Card className="flex flex-col items-start gap-4">
          <CardDescription>{t('signedOut')}</CardDescription>
          <Button onClick={loginDialog.openLogin}>{t('logIn')}</Button>
        </Card>
      )}
    </div>
  )
}

const SECTION: Record<BlockKind, 'blocked' | 'muted'> = { block: 'blocked', mute: 'muted' }

/** One of the two lists, in its own labelled section. */
function BlockList({ kind }: { kind: BlockKind }) {
  const { t } = useTranslation('blocks')
  const query = useBlocks(kind)
  const entries = query.data?.pages.flatMap((page) => page.blocks) ?? []
  const section = SECTION[kind]
  const heading = `blocks-${kind}-heading`
  return (
    <section aria-labelledby={heading} className="grid gap-3">
      <div>
        <h2 id={heading} className="text-lg font-semibold">
          {t(`${section}.title`)}
        </h2>
        <p className="text-sm text-muted-foreground">{t(`${section}.hint`)}</p>
      </div>
      <PagedList
        query={query}
        itemCount={entries.length}
        texts={{
          loading: t('loading'),
          loadFailed: (message) => t('loadFailed', { message }),
          retry: t('retry'),
          empty: t(`${section}.empty`),
          loadMore: t('loadMore'),
        }}
      >
        <ul aria-label={t(`${section}.list`)} className="divide-y rounded-lg border bg-card">
          {entries.map((entry) => (
            <BlockRow key={entry.person.id} entry={entry} />
          ))}
        </ul>
      </PagedList>
    </section>
  )
}

function BlockRow({ entry }: { entry: BlockEntry }) {
  const { t } = useTranslation('blocks')
  const toast = useToast()
  const undo = useSetBlock(entry.person.id)
  const name = personName(entry.person)
  const section = SECTION[entry.kind]
  const since = parseTime(entry.createdAt)
  const act = async () => {
    try {
      await undo.mutateAsync(null)
      toast.success(t(`${section}.undone`, { name }))
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <UserAvatar
        src={entry.person.avatarUrl}
        initials={userInitials(entry.person)}
        className="size-10"
      />
      <div className="grid min-w-0 flex-1">
        <Link
          to="/profile/$userId"
          params={{ userId: entry.person.id }}
          className="truncate font-medium underline-offset-4 hover:underline"
        >
          {name}
        </Link>
        <span className="truncate text-sm text-muted-foreground">
          @{entry.person.username}
          {since !== null && ` · ${t('since', { date: formatDate(since) })}`}
        </span>
      </div>
      <Button
        variant="outline"
        size="sm"
        loading={undo.isPending}
        aria-label={t(`${section}.undoLabel`, { name })}
        onClick={() => void act()}
      >
        {t(`${section}.undo`)}
      </Button>
    </li>
  )
}
