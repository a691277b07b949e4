import { useNavigate } from '@tanstack/react-router'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header.tsx'
import { Button } from '@/components/ui/button.tsx'
import type { Group } from '@/lib/api/types.ts'
import { cn } from '@/lib/utils.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { loadedGroups, useMyGroups } from '../api/list-my-groups.ts'
import { SEARCH_MAX } from '../rules.ts'
import { useDiscoverGroups } from '../api/list-discover-groups.ts'
import { CreateGroupDialog } from './create-group-dialog.tsx'
import { GroupCard } from './group-card.tsx'
import { EmptyState, ListState, LoadMore } from './load-more.tsx'
import { SearchBox } from './search-box.tsx'
import { offeredToMe } from '../transfer.ts'
import { TransferOfferCard } from './transfer-offer.tsx'

/** `/group`: my groups (signed in), public groups to discover with a search, and "create". */
export function GroupListPage() {
  const { t } = useTranslation('groups')
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()
  const navigate = useNavigate()
  const toast = useToast()
  const [creating, setCreating] = useState(false)

  const created = (group: Group) => {
    setCreating(false)
    toast.success(t('create.done', { name: group.name }))
    void navigate({ to: '/group/$groupId', params: { groupId: group.id } })
  }

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-10 px-4 py-8 md:py-12">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          initialized ? (
            user ? (
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                {t('create.open')}
              </Button>
            ) : (
              <Button onClick={loginDialog.openLogin}>{t('list.logInToCreate')}</Button>
            )
          ) : undefined
        }
      />
      {user && <MyGroups onCreate={() => setCreating(true)} />}
      <DiscoverGroups signedIn={!!user} />
      {user && (
        <CreateGroupDialog open={creating} onClose={() => setCreating(false)} onCreated={created} />
      )}
    </div>
  )
}

function MyGroups({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('groups')
  const { user } = useSession()
  const mine = useMyGroups(true)
  const groups = loadedGroups(mine.data?.pages)
  const offers = groups.filter((group) => offeredToMe(group, user?.id))
  return (
    <section aria-labelledby="my-groups" className="grid gap-4">
      <h2 id="my-groups" className="text-xl font-semibold">
        {t('list.mine')}
      </h2>
      {offers.length > 0 && (
        <ul aria-label={t('offer.badge')} className="grid gap-3 md:grid-cols-2">
          {offers.map((group) => (
            <li key={group.id}>
              <TransferOfferCard group={group} compact />
            </li>
          ))}
        </ul>
      )}
      <ListState query={mine}>
        {groups.length === 0 ? (
          <EmptyState
            action={
              <Button variant="outline" onClick={onCreate}>
                <Plus aria-hidden="true" />
                {t('create.open')}
              </Button>
            }
          >
            {t('list.mineEmpty')}
          </EmptyState>
        ) : (
          <GroupGrid groups={groups} label={t('list.mine')} />
        )}
        <LoadMore query={mine} />
      </ListState>
    </section>
  )
}

/**
 * Public groups to find. Signed in, the groups already under "My groups" (a membership, or a
 * request waiting) are left out while browsing, so none shows twice; a search finds them all.
 */
function DiscoverGroups({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('groups')
  const [query, setQuery] = useState('')
  const discover = useDiscoverGroups(query)
  const found = loadedGroups(discover.data?.pages)
  const groups =
    signedIn && !query
      ? found.filter(
          (group) => group.membership?.state !== 'active' && group.membership?.state !== 'pending',
        )
      : found
  // The search whose results are on screen: the previous one stays while a new one loads.
  const [shown, setShown] = useState(query)
  if (discover.isSuccess && !discover.isPlaceholderData && shown !== query) setShown(query)
  return (
    <section aria-labelledby="discover-groups" className="grid gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <h2 id="discover-groups" className="text-xl font-semibold">
          {t('list.discover')}
        </h2>
        <div className="md:w-80">
          <SearchBox
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            maxLength={SEARCH_MAX}
            onSearch={setQuery}
          />
        </div>
      </div>
      <ListState query={discover}>
        {groups.length === 0 ? (
          <EmptyState>
            {shown ? t('list.noMatch', { query: shown }) : t('list.discoverEmpty')}
          </EmptyState>
        ) : (
          <GroupGrid
            groups={groups}
            busy={discover.isPlaceholderData}
            label={shown ? t('list.results', { query: shown }) : t('list.discover')}
          />
        )}
        <LoadMore query={discover} />
      </ListState>
    </section>
  )
}

function GroupGrid({
  groups,
  label,
  busy = false,
}: {
  groups: Group[]
  label: string
  busy?: boolean
}) {
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className={cn(
        'grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3',
        busy && 'opacity-60',
      )}
    >
      {groups.map((group) => (
        <li key={group.id}>
          <GroupCard group={group} />
        </li>
      ))}
    </ul>
  )
}
