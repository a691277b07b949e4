import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Ban, CheckCircle2, Clock, KeyRound, LogIn } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/ui/alert.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardDescription, CardTitle } from '@/components/ui/card.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ApiError, errorMessage } from '@/lib/api-client.ts'
import type { Group } from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'
import { useLoginDialog, useSession } from '@/lib/session.ts'
import { useToast } from '@/lib/toast.ts'
import { LengthCounter, Textarea } from '@/components/ui/textarea.tsx'
import { charCount } from '@/lib/text.ts'
import { useGroupHome } from '../api/get-group-home.ts'
import { groupsChanged } from '../api/group-cache.ts'
import { INVITE_CODE_LENGTH, JOIN_MESSAGE_MAX } from '../rules.ts'
import { useJoinGroup, type JoinResult } from '../api/join-group.ts'
import { useLeaveGroup } from '../api/leave-group.ts'
import { normaliseCode } from '../invite-code.ts'

/**
 * `/group/{id}/join`: by the group's policy, join at once, ask with a message, or enter the
 * invite code (prefilled from an invite link's `?code=`, which admits under any policy). Says so
 * when the viewer is already in, waiting, banned or signed out; a visitor logs in here (the login
 * dialog keeps the page and its `?code=`) and carries on.
 */
export function JoinPage({ groupId, code }: { groupId: string; code?: string }) {
  const { t } = useTranslation('groups')
  const home = useGroupHome(groupId)
  const { user, initialized } = useSession()
  const loginDialog = useLoginDialog()

  if (!home.data || !initialized) {
    return (
      <div className="flex justify-center py-10" role="status" aria-label={t('loading')}>
        <Spinner className="size-6 text-muted-foreground" />
      </div>
    )
  }
  const { group } = home.data
  const state = group.membership?.state

  return (
    <div className="grid max-w-2xl gap-6">
      {state === 'active' ? (
        <StatusCard
          icon={<CheckCircle2 aria-hidden="true" className="size-8 text-success" />}
          title={t('join.member.title')}
          body={t('join.member.body', { name: group.name })}
        >
          <Button asChild>
            <Link to="/group/$groupId" params={{ groupId }}>
              {t('join.member.open')}
            </Link>
          </Button>
        </StatusCard>
      ) : state === 'pending' ? (
        <PendingCard group={group} />
      ) : state === 'banned' ? (
        <StatusCard
          icon={<Ban aria-hidden="true" className="size-8 text-error" />}
          title={t('join.banned.title')}
          body={t('join.banned.body', { name: group.name })}
        />
      ) : !user ? (
        <StatusCard
          icon={<LogIn aria-hidden="true" className="size-8 text-primary" />}
          title={t('join.signedOut.title', { name: group.name })}
          body={`${t(`policy.${group.joinPolicy}.joinHint`)} ${t('join.signedOut.body')}`}
        >
          <Button onClick={loginDialog.openLogin}>{t('join.signedOut.login')}</Button>
        </StatusCard>
      ) : (
        <JoinForm group={group} initialCode={code} />
      )}
    </div>
  )
}

function StatusCard({
  icon,
  title,
  body,
  children,
}: {
  icon: ReactNode
  title: string
  body: string
  children?: ReactNode
}) {
  return (
    <Card aria-labelledby="join-status" className="flex flex-col items-start gap-4">
      {icon}
      <div>
        <CardTitle id="join-status">{title}</CardTitle>
        <CardDescription>{body}</CardDescription>
      </div>
      {children}
    </Card>
  )
}

function PendingCard({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const leave = useLeaveGroup(group.id)
  const toast = useToast()
  const since = group.membership?.since
  return (
    <StatusCard
      icon={<Clock aria-hidden="true" className="size-8 text-warning" />}
      title={t('join.pending.title')}
      body={
        since
          ? t('join.pending.bodySince', { name: group.name, date: formatDateTime(since) })
          : t('join.pending.body', { name: group.name })
      }
    >
      <Button
        variant="destructive-outline"
        loading={leave.isPending}
        onClick={() =>
          // The card goes once the group shows the change: a promise, not mutate's callbacks,
          // which React Query drops for an unmounted component.
          leave.mutateAsync().then(
            () => void toast.success(t('withdraw.done')),
            (error: unknown) => void toast.error(errorMessage(error)),
          )
        }
      >
        {t('withdraw.action')}
      </Button>
    </StatusCard>
  )
}

type Mode = 'open' | 'request' | 'code'

/** The form a signed-in stranger sees: by policy, or the code when they came with one. */
function JoinForm({ group, initialCode }: { group: Group; initialCode?: string }) {
  const { t } = useTranslation('groups')
  const navigate = useNavigate()
  const toast = useToast()
  const queryClient = useQueryClient()
  const join = useJoinGroup(group.id)
  const policyMode: Mode =
    group.joinPolicy === 'open' ? 'open' : group.joinPolicy === 'approval' ? 'request' : 'code'
  const [mode, setMode] = useState<Mode>(initialCode ? 'code' : policyMode)
  const [code, setCode] = useState(normaliseCode(initialCode ?? ''))
  const [message, setMessage] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)

  // Through promises, not mutate's callbacks: the form is gone once the group shows the new
  // membership, and React Query drops the callbacks of an unmounted component.
  const joined = (result: JoinResult) => {
    if (result.outcome === 'joined') {
      toast.success(t('join.joined', { name: result.group.name }))
      void navigate({ to: '/group/$groupId', params: { groupId: group.id } })
    } else {
      toast.success(t('join.requested'))
    }
  }

  const failed = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : undefined
    if (code === 'wrong_invite_code' || code === 'invalid_message') {
      setFieldError(errorMessage(error))
      return
    }
    setFormError(errorMessage(error, t('join.failed')))
    // Already in, already asked, banned meanwhile: the page shows the group as it now stands.
    if (code === 'already_member' || code === 'request_pending' || code === 'banned_from_group')
      void groupsChanged(queryClient)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (join.isPending) return
    setFieldError(null)
    setFormError(null)
    if (mode === 'code') {
      if (code.length !== INVITE_CODE_LENGTH) {
        setFieldError(t('join.code.length', { length: INVITE_CODE_LENGTH }))
        return
      }
      join.mutateAsync({ code }).then(joined, failed)
    } else if (mode === 'request') {
      if (charCount(message) > JOIN_MESSAGE_MAX) {
        setFieldError(t('join.request.tooLong', { max: JOIN_MESSAGE_MAX }))
        return
      }
      join.mutateAsync({ message: message.trim() || null }).then(joined, failed)
    } else {
      join.mutateAsync({}).then(joined, failed)
    }
  }

  const switchMode = (next: Mode) => {
    setMode(next)
    setFieldError(null)
    setFormError(null)
  }

  return (
    <Card aria-labelledby="join-title">
      <CardTitle id="join-title">{t('join.title', { name: group.name })}</CardTitle>
      <CardDescription>
        {mode === 'code' && policyMode !== 'code'
          ? t('join.code.intro')
          : t(`policy.${group.joinPolicy}.joinHint`)}
      </CardDescription>
      <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
        {formError && <Alert>{formError}</Alert>}
        {mode === 'request' && (
          <Field
            label={t('join.request.message')}
            hint={t('join.request.hint')}
            error={fieldError ?? undefined}
            aside={<LengthCounter value={message} max={JOIN_MESSAGE_MAX} />}
          >
            {(control) => (
              <Textarea
                {...control}
                className="min-h-24"
                rows={4}
                value={message}
                placeholder={t('join.request.placeholder')}
                onChange={(event) => {
                  setMessage(event.target.value)
                  setFieldError(null)
                }}
              />
            )}
          </Field>
        )}
        {mode === 'code' && (
          <Field
            label={t('join.code.label')}
            hint={t('join.code.hint', { length: INVITE_CODE_LENGTH })}
            error={fieldError ?? undefined}
          >
            {(control) => (
              <Input
                {...control}
                value={code}
                maxLength={INVITE_CODE_LENGTH}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="max-w-60 font-mono tracking-[0.3em] uppercase"
                onChange={(event) => {
                  setCode(normaliseCode(event.target.value))
                  setFieldError(null)
                }}
              />
            )}
          </Field>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={join.isPending}>
            {mode === 'request' ? t('join.request.submit') : t('join.submit')}
          </Button>
          {policyMode === 'request' && (
            // A right invite code admits under any policy: no need to wait for a decision.
            <Button
              variant="link"
              className="text-sm"
              onClick={() => switchMode(mode === 'code' ? 'request' : 'code')}
            >
              {mode === 'code' ? (
                t('join.code.backToRequest')
              ) : (
                <>
                  <KeyRound aria-hidden="true" className="size-4" />
                  {t('join.code.have')}
                </>
              )}
            </Button>
          )}
        </div>
      </form>
    </Card>
  )
}
