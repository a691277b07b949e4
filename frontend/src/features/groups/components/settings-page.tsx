import { Link, useNavigate } from '@tanstack/react-router'
import { ImagePlus, RefreshCw, ShieldAlert, Trash2 } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Select } from '@/components/ui/select.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import { formatDateTime } from '@/lib/format.ts'
import type { Group } from '@/lib/api/types.ts'
import { useConfirm } from '@/lib/confirm.ts'
import { useLeaveGuard } from '@/lib/leave-guard.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { useGroupHome } from '../api/get-group-home.ts'
import { loadedMembers, useMembers } from '../api/list-members.ts'
import { COVER_TYPES } from '../rules.ts'
import { inviteLink } from '../invite-code.ts'
import { useDeleteGroup } from '../api/delete-group.ts'
import { useRegenerateInviteCode } from '../api/regenerate-invite-code.ts'
import { useRemoveCover } from '../api/remove-cover.ts'
import { useSetCover } from '../api/set-cover.ts'
import { useCancelTransfer } from '../api/cancel-transfer.ts'
import { useTransferGroup } from '../api/transfer-group.ts'
import { useUpdateGroup } from '../api/update-group.ts'
import { GroupCover } from './group-cover.tsx'
import { FormAlert, GroupSettingsFields } from './group-settings-fields.tsx'
import {
  serverErrors,
  settingsBody,
  validateSettings,
  type SettingsDraft,
  type SettingsErrors,
} from '../settings-form.ts'
import { LoadMore } from './load-more.tsx'
import { personName } from '@/lib/person.ts'

/**
 * `/group/{id}/settings`: name, description, visibility and policy, the cover, the invite code
 * (the owner and admins); transferring and deleting the group (the owner). Everyone else is told
 * the page is not theirs.
 */
export function GroupSettingsPage({ groupId }: { groupId: string }) {
  const home = useGroupHome(groupId)
  if (!home.data) return null
  const { group } = home.data
  if (!group.canManage) return <NotAllowed group={group} />
  const owner = group.membership?.role === 'owner'
  return (
    <div className="grid max-w-3xl gap-6">
      <GeneralSettings group={group} />
      <CoverSettings group={group} />
      <InviteSettings group={group} />
      {owner && <TransferSettings group={group} />}
      {owner && <DeleteSettings group={group} />}
    </div>
  )
}

function NotAllowed({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const { user } = useSession()
  const loginDialog = useLoginDialog()
  return (
    <Card aria-labelledby="settings-forbidden" className="flex flex-col items-start gap-4">
      <ShieldAlert aria-hidden="true" className="size-8 text-warning" />
      <div>
        <CardTitle id="settings-forbidden">{t('settings.forbidden.title')}</CardTitle>
        <CardDescription>{t('settings.forbidden.body')}</CardDescription>
      </div>
      <div className="flex flex-wrap gap-2">
        {!user && <Button onClick={loginDialog.openLogin}>{t('settings.forbidden.login')}</Button>}
        <Button asChild variant="outline">
          <Link to="/group/$groupId" params={{ groupId: group.id }}>
            {t('settings.forbidden.back')}
          </Link>
        </Button>
      </div>
    </Card>
  )
}

function draftOf(group: Group): SettingsDraft {
  return {
    name: group.name,
    description: group.description,
    visibility: group.visibility,
    joinPolicy: group.joinPolicy,
  }
}

function GeneralSettings({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const toast = useToast()
  const update = useUpdateGroup(group.id)
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(group))
  const [errors, setErrors] = useState<SettingsErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [movedToApproval, setMovedToApproval] = useState(false)
  const saved = draftOf(group)
  const changed =
    draft.name.trim() !== saved.name ||
    draft.description.trim() !== saved.description ||
    draft.visibility !== saved.visibility ||
    draft.joinPolicy !== saved.joinPolicy
  // Unsaved changes to the form ask before another page replaces it.
  useLeaveGuard({ when: changed && !update.isPending })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (update.isPending) return
    const found = validateSettings(draft, t)
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length > 0) return
    update.mutate(settingsBody(draft), {
      onSuccess: (next) => {
        setDraft(draftOf(next))
        setMovedToApproval(false)
        toast.success(t('settings.general.saved'))
      },
      onError: (error) => {
        const { fields, rest } = serverErrors(error)
        setErrors(fields)
        if (rest) setFormError(errorMessage(error, t('settings.general.failed')))
      },
    })
  }

  return (
    <Card aria-labelledby="settings-general">
      <CardTitle id="settings-general">{t('settings.general.title')}</CardTitle>
      <CardDescription>{t('settings.general.description')}</CardDescription>
      <form noValidate onSubmit={submit} className="mt-5 grid gap-5">
        <FormAlert message={formError} />
        <GroupSettingsFields
          draft={draft}
          errors={errors}
          visibilityChanged={movedToApproval}
          onChange={(next, field) => {
            if (field === 'visibility')
              setMovedToApproval(draft.joinPolicy === 'open' && next.joinPolicy !== 'open')
            setDraft(next)
            setErrors(({ [field]: _gone, ...rest }) =>
              field === 'visibility' ? { ...rest, joinPolicy: undefined } : rest,
            )
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            disabled={!changed || update.isPending}
            onClick={() => {
              setDraft(saved)
              setErrors({})
              setFormError(null)
              setMovedToApproval(false)
            }}
          >
            {t('settings.general.reset')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!changed}>
            {t('settings.general.save')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

function CoverSettings({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const toast = useToast()
  const setCover = useSetCover(group.id)
  const removeCover = useRemoveCover(group.id)
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const [error, setError] = useState<string | null>(null)
  const busy = setCover.isPending || removeCover.isPending

  const upload = (file: File | undefined) => {
    if (!file) return
    setError(null)
    if (!(COVER_TYPES as readonly string[]).includes(file.type)) {
      setError(t('settings.cover.wrongType'))
      return
    }
    setCover.mutate(file, {
      onSuccess: () => void toast.success(t('settings.cover.uploaded')),
      onError: (failure) => setError(errorMessage(failure, t('settings.cover.failed'))),
    })
  }

  return (
    <Card aria-labelledby="settings-cover">
      <CardTitle id="settings-cover">{t('settings.cover.title')}</CardTitle>
      <CardDescription>{t('settings.cover.description')}</CardDescription>
      <div className="mt-5 grid gap-4 md:grid-cols-[20rem_minmax(0,1fr)] md:items-start">
        <div className="relative overflow-hidden rounded-lg border">
          <GroupCover group={group} size="banner" className="aspect-[5/2] w-full" />
          {setCover.isPending && (
            <div
              role="status"
              className="absolute inset-0 flex items-center justify-center gap-2 bg-background/80 text-sm"
            >
              <RefreshCw aria-hidden="true" className="size-4 animate-spin" />
              {t('settings.cover.uploading')}
            </div>
          )}
        </div>
        <div className="grid content-start gap-3">
          {error && <Alert>{error}</Alert>}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={COVER_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              upload(event.target.files?.[0])
              event.target.value = ''
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              loading={setCover.isPending}
              disabled={busy}
              onClick={() => inputRef.current?.click()}
            >
              <ImagePlus aria-hidden="true" />
              {group.coverUrl ? t('settings.cover.replace') : t('settings.cover.upload')}
            </Button>
            {group.coverUrl && (
              <Button
                variant="destructive-ghost"
                loading={removeCover.isPending}
                disabled={busy}
                onClick={() =>
                  removeCover.mutate(undefined, {
                    onSuccess: () => void toast.success(t('settings.cover.removed')),
                    onError: (failure) => setError(errorMessage(failure)),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
                {t('settings.cover.remove')}
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">{t('settings.cover.hint')}</p>
        </div>
      </div>
    </Card>
  )
}

function InviteSettings({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const confirm = useConfirm()
  const toast = useToast()
  const regenerate = useRegenerateInviteCode(group.id)
  const linkId = useId()
  const code = group.inviteCode
  const link = code ? inviteLink(group.id, code) : null
  return (
    <Card aria-labelledby="settings-invite">
      <CardTitle id="settings-invite">{t('settings.invite.title')}</CardTitle>
      <CardDescription>
        {group.joinPolicy === 'invite_code'
          ? t('settings.invite.descriptionCode')
          : t('settings.invite.description')}
      </CardDescription>
      <div className="mt-5 grid gap-4">
        {code && link && (
          <>
            <p className="flex flex-wrap items-baseline gap-3">
              <span className="text-sm text-muted-foreground">{t('settings.invite.code')}</span>
              <code className="rounded-md bg-muted px-3 py-1 font-mono text-lg font-semibold tracking-[0.25em]">
                {code}
              </code>
            </p>
            <div className="grid gap-1.5">
              <label htmlFor={linkId} className="text-sm font-medium">
                {t('settings.invite.link')}
              </label>
              <div className="flex gap-2">
                <Input
                  id={linkId}
                  readOnly
                  value={link}
                  className="font-mono"
                  onFocus={(event) => event.currentTarget.select()}
                />
                <CopyButton text={link} label={t('settings.invite.copy')} size="md" />
              </div>
            </div>
          </>
        )}
        <div>
          <Button
            variant="outline"
            loading={regenerate.isPending}
            onClick={() =>
              confirm({
                title: t('settings.invite.regenerateTitle'),
                description: t('settings.invite.regenerateBody'),
                confirmLabel: t('settings.invite.regenerate'),
                onConfirm: () =>
                  regenerate.mutateAsync(undefined).then(
                    () => void toast.success(t('settings.invite.regenerated')),
                    (error: unknown) => void toast.error(errorMessage(error)),
                  ),
              })
            }
          >
            <RefreshCw aria-hidden="true" />
            {t('settings.invite.regenerate')}
          </Button>
        </div>
      </div>
    </Card>
  )
}

function TransferSettings({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const { user } = useSession()
  const confirm = useConfirm()
  const toast = useToast()
  const members = useMembers(group.id)
  const transfer = useTransferGroup(group.id)
  const cancel = useCancelTransfer(group.id)
  const selectId = useId()
  const [chosen, setChosen] = useState('')
  const candidates = loadedMembers(members.data?.pages).filter(
    (member) => member.user.id !== user?.id && member.role !== 'owner',
  )
  const target = candidates.find((member) => member.user.id === chosen)

  return (
    <Card aria-labelledby="settings-transfer">
      <CardTitle id="settings-transfer">{t('settings.transfer.title')}</CardTitle>
      <CardDescription>{t('settings.transfer.description')}</CardDescription>
      {group.transferOffer ? (
        // One offer waits at a time: the owner sees whom it went to and may withdraw it.
        <div className="mt-5 grid gap-3" role="status">
          <p className="text-sm">
            {t('settings.transfer.pending', {
              name: personName(group.transferOffer.to),
              when: formatDateTime(group.transferOffer.createdAt),
            })}
          </p>
          <div>
            <Button
              variant="outline"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutateAsync().then(
                  () => void toast.success(t('settings.transfer.cancelled')),
                  (error: unknown) => void toast.error(errorMessage(error)),
                )
              }
            >
              {t('settings.transfer.cancel')}
            </Button>
          </div>
        </div>
      ) : members.isSuccess && candidates.length === 0 ? (
        <p className="mt-5 text-sm text-muted-foreground">{t('settings.transfer.nobody')}</p>
      ) : (
        <div className="mt-5 grid gap-3">
          <label htmlFor={selectId} className="text-sm font-medium">
            {t('settings.transfer.to')}
          </label>
          <div className="flex flex-col gap-2 md:flex-row">
            <div className="md:w-80">
              <Select
                id={selectId}
                value={chosen}
                disabled={!members.isSuccess}
                onChange={(event) => setChosen(event.target.value)}
              >
                <option value="">{t('settings.transfer.choose')}</option>
                {candidates.map((member) => (
                  <option key={member.user.id} value={member.user.id}>
                    {`${personName(member.user)} (@${member.user.username}) · ${t(`roles.${member.role}`)}`}
                  </option>
                ))}
              </Select>
            </div>
            <Button
              variant="outline"
              disabled={!target}
              loading={transfer.isPending}
              onClick={() => {
                if (!target) return
                const name = personName(target.user)
                confirm({
                  title: t('settings.transfer.confirmTitle', { group: group.name, name }),
                  description: t('settings.transfer.confirmBody', { name }),
                  confirmLabel: t('settings.transfer.confirm'),
                  destructive: true,
                  onConfirm: () =>
                    transfer.mutateAsync(target.user.id).then(
                      () => void toast.success(t('settings.transfer.done', { name })),
                      (error: unknown) => void toast.error(errorMessage(error)),
                    ),
                })
              }}
            >
              {t('settings.transfer.submit')}
            </Button>
          </div>
          <LoadMore query={members} />
        </div>
      )}
    </Card>
  )
}

function DeleteSettings({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const navigate = useNavigate()
  const confirm = useConfirm()
  const toast = useToast()
  const remove = useDeleteGroup(group.id, () => navigate({ to: '/group' }))
  return (
    <Card aria-labelledby="settings-delete" className="border-error/40">
      <CardTitle id="settings-delete" className="text-error">
        {t('settings.delete.title')}
      </CardTitle>
      <CardDescription>{t('settings.delete.description')}</CardDescription>
      <div className="mt-5">
        <Button
          variant="destructive"
          loading={remove.isPending}
          onClick={() =>
            confirm({
              title: t('settings.delete.confirmTitle', { name: group.name }),
              description: t('settings.delete.confirmBody', { name: group.name }),
              confirmLabel: t('settings.delete.confirm'),
              destructive: true,
              onConfirm: () =>
                remove.mutateAsync().then(
                  () => void toast.success(t('settings.delete.done', { name: group.name })),
                  (error: unknown) => void toast.error(errorMessage(error)),
                ),
            })
          }
        >
          <Trash2 aria-hidden="true" />
          {t('settings.delete.submit')}
        </Button>
      </div>
    </Card>
  )
}
