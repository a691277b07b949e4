import { MoreHorizontal } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Menu, MenuItem, MenuSeparator } from '@/components/ui/menu.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import type { Group, Member } from '@/lib/api/types.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { formatDate, parseTime } from '@/lib/format.ts'
import { useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { useGroupHome } from '../api/get-group-home.ts'
import { loadedMembers, useMembers } from '../api/list-members.ts'
import { useBanMember } from '../api/ban-member.ts'
import { useBans } from '../api/list-bans.ts'
import { useRemoveMember } from '../api/remove-member.ts'
import { useSetRole } from '../api/set-member-role.ts'
import { useUnbanMember } from '../api/unban-member.ts'
import { loadedRequests, useRequests } from '../api/list-requests.ts'
import { RoleBadge } from './group-badges.tsx'
import { EmptyState, ListState, LoadMore } from './load-more.tsx'
import { memberActions, type MemberAction } from './member-actions.ts'
import { PersonLink } from './person.tsx'
import { personName } from '@/lib/person.ts'
import { RequestHistory, RequestQueue } from './requests.tsx'

/**
 * `/group/{id}/members`: the members with their roles. The owner and admins also get the
 * requests waiting for a decision, the banned, and the history of every request.
 */
export function MembersPage({ groupId }: { groupId: string }) {
  const { t } = useTranslation('groups')
  const home = useGroupHome(groupId)
  if (!home.data) return null
  const { group } = home.data
  if (!group.canManage) {
    return (
      <section aria-labelledby="members-title" className="grid gap-4">
        <h2 id="members-title" className="text-xl font-semibold">
          {t('members.title')}
        </h2>
        <MemberList group={group} />
      </section>
    )
  }
  return <ManagerView group={group} />
}

function ManagerView({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const pending = useRequests(group.id, 'pending')
  const waiting = loadedRequests(pending.data?.pages).length
  // Opens on the requests when some are waiting (once known), then stays where the manager goes.
  const [tab, setTab] = useState<string | null>(null)
  if (tab === null && !pending.isPending) setTab(waiting > 0 ? 'requests' : 'members')
  return (
    <Tabs value={tab ?? 'members'} onValueChange={setTab}>
      <TabsList className="h-auto max-w-full flex-wrap justify-start">
        <TabsTrigger value="members">{t('members.tabs.members')}</TabsTrigger>
        <TabsTrigger value="requests">
          {t('members.tabs.requests')}
          {waiting > 0 && (
            <>
              {/* Spaces, so the tab reads "Requests 2 waiting", not "Requests2waiting". */}{' '}
              <Badge tone="warning">{pending.hasNextPage ? `${waiting}+` : waiting}</Badge>{' '}
              <span className="sr-only">{t('members.waiting')}</span>
            </>
          )}
        </TabsTrigger>
        <TabsTrigger value="banned">{t('members.tabs.banned')}</TabsTrigger>
        <TabsTrigger value="history">{t('members.tabs.history')}</TabsTrigger>
      </TabsList>
      <TabsContent value="members" className="mt-5">
        <MemberList group={group} />
      </TabsContent>
      <TabsContent value="requests" className="mt-5">
        <RequestQueue group={group} query={pending} />
      </TabsContent>
      <TabsContent value="banned" className="mt-5">
        <BanList group={group} />
      </TabsContent>
      <TabsContent value="history" className="mt-5">
        <RequestHistory group={group} />
      </TabsContent>
    </Tabs>
  )
}

function MemberList({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const members = useMembers(group.id)
  const list = loadedMembers(members.data?.pages)
  return (
    <ListState query={members}>
      <div className="grid gap-4">
        <ul
          aria-label={t('members.listLabel')}
          className="divide-y rounded-xl border bg-card shadow-xs"
        >
          {list.map((member) => (
            <MemberRow key={member.user.id} group={group} member={member} />
          ))}
        </ul>
        <LoadMore query={members} />
      </div>
    </ListState>
  )
}

function MemberRow({ group, member }: { group: Group; member: Member }) {
  const { t } = useTranslation('groups')
  const { user } = useSession()
  const since = parseTime(member.since)
  const actions = user
    ? memberActions({ id: user.id, role: group.membership?.role ?? null }, member)
    : []
  const name = personName(member.user)
  return (
    <li aria-label={name} className="flex items-center gap-3 px-4 py-3">
      <PersonLink person={member.user} className="flex-1" />
      <div className="flex shrink-0 items-center gap-2">
        <span className="hidden text-xs text-muted-foreground sm:inline">
          {since !== null && t('members.since', { date: formatDate(since) })}
        </span>
        <RoleBadge role={member.role} />
        {actions.length > 0 && <MemberMenu group={group} member={member} actions={actions} />}
      </div>
    </li>
  )
}

function MemberMenu({
  group,
  member,
  actions,
}: {
  group: Group
  member: Member
  actions: MemberAction[]
}) {
  const { t } = useTranslation('groups')
  const confirm = useConfirm()
  const toast = useToast()
  const setRole = useSetRole(group.id)
  const remove = useRemoveMember(group.id)
  const ban = useBanMember(group.id)
  const name = personName(member.user)
  const userId = member.user.id
  const fail = (error: unknown) => void toast.error(errorMessage(error))

  const run: Record<MemberAction, () => void> = {
    promote: () =>
      setRole.mutate(
        { userId, role: 'admin' },
        { onSuccess: () => void toast.success(t('members.promoted', { name })), onError: fail },
      ),
    demote: () =>
      setRole.mutate(
        { userId, role: 'member' },
        { onSuccess: () => void toast.success(t('members.demoted', { name })), onError: fail },
      ),
    remove: () =>
      confirm({
        title: t('members.remove.title', { name }),
        description: t('members.remove.body', { group: group.name }),
        confirmLabel: t('members.remove.confirm'),
        destructive: true,
        onConfirm: () =>
          remove
            .mutateAsync(userId)
            .then(() => void toast.success(t('members.remove.done', { name })), fail),
      }),
    ban: () =>
      confirm({
        title: t('members.ban.title', { name }),
        description: t('members.ban.body', { group: group.name }),
        confirmLabel: t('members.ban.confirm'),
        destructive: true,
        onConfirm: () =>
          ban
            .mutateAsync(userId)
            .then(() => void toast.success(t('members.ban.done', { name })), fail),
      }),
  }

  return (
    <Menu
      label={t('members.actionsFor', { name })}
      className="w-52"
      trigger={
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={t('members.actionsFor', { name })}
          title={t('members.actionsFor', { name })}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      }
    >
      {actions.map((action) => (
        <MenuItems key={action} action={action} onSelect={run[action]} />
      ))}
    </Menu>
  )
}

function MenuItems({ action, onSelect }: { action: MemberAction; onSelect: () => void }) {
  const { t } = useTranslation('groups')
  return (
    <>
      {action === 'remove' && <MenuSeparator />}
      <MenuItem onSelect={onSelect}>
        <span className={action === 'remove' || action === 'ban' ? 'text-error' : undefined}>
          {t(`members.actions.${action}`)}
        </span>
      </MenuItem>
    </>
  )
}

function BanList({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const bans = useBans(group.id)
  const unban = useUnbanMember(group.id)
  const toast = useToast()
  const list = loadedMembers(bans.data?.pages)
  return (
    <ListState query={bans}>
      {list.length === 0 ? (
        <EmptyState>{t('members.bans.empty')}</EmptyState>
      ) : (
        <div className="grid gap-4">
          <ul
            aria-label={t('members.bans.listLabel')}
            className="divide-y rounded-xl border bg-card shadow-xs"
          >
            {list.map((member) => {
              const name = personName(member.user)
              const since = parseTime(member.since)
              return (
                <li
                  key={member.user.id}
                  aria-label={name}
                  className="flex flex-wrap items-center gap-3 px-4 py-3"
                >
                  <PersonLink person={member.user} className="flex-1" />
                  {since !== null && (
                    <span className="text-xs text-muted-foreground">
                      {t('members.bans.since', { date: formatDate(since) })}
                    </span>
                  )}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('members.bans.liftFor', { name })}
                    loading={unban.isPending && unban.variables === member.user.id}
                    onClick={() =>
                      unban.mutate(member.user.id, {
                        onSuccess: () => void toast.success(t('members.bans.lifted', { name })),
                        onError: (error) => void toast.error(errorMessage(error)),
                      })
                    }
                  >
                    {t('members.bans.lift')}
                  </Button>
                </li>
              )
            })}
          </ul>
          <LoadMore query={bans} />
        </div>
      )}
    </ListState>
  )
}
