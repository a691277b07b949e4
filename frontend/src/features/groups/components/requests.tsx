import { Check, X } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Field } from '@/components/ui/field.tsx'
import { Modal } from '@/components/ui/modal.tsx'
import { Select } from '@/components/ui/select.tsx'
import { errorMessage } from '@/lib/api-client.ts'
import type { Group, JoinRequest } from '@/lib/api/types.ts'
import { formatDateTime } from '@/lib/format.ts'
import { useToast } from '@/lib/toast.ts'
import { LengthCounter, Textarea } from '@/components/ui/textarea.tsx'
import { charCount } from '@/lib/text.ts'
import { loadedRequests, useRequests } from '../api/list-requests.ts'
import { REJECT_REASON_MAX } from '../rules.ts'
import { useApproveRequest, type ApprovedRole } from '../api/approve-request.ts'
import { useRejectRequest } from '../api/reject-request.ts'
import { EmptyState, ListState, LoadMore } from './load-more.tsx'
import { approvableRoles } from './member-actions.ts'
import { PersonLine } from './person.tsx'
import { personName } from '@/lib/person.ts'

type RequestsQuery = ReturnType<typeof useRequests>

/** The requests waiting for a decision: approve (choosing the role, for the owner) or reject. */
export function RequestQueue({ group, query }: { group: Group; query: RequestsQuery }) {
  const { t } = useTranslation('groups')
  const requests = loadedRequests(query.data?.pages)
  const [rejecting, setRejecting] = useState<JoinRequest | null>(null)
  return (
    <ListState query={query}>
      {requests.length === 0 ? (
        <EmptyState>{t('requests.empty')}</EmptyState>
      ) : (
        <div className="grid gap-4">
          <ul aria-label={t('requests.listLabel')} className="grid gap-3">
            {requests.map((request) => (
              <PendingRequest
                key={request.id}
                group={group}
                request={request}
                onReject={() => setRejecting(request)}
              />
            ))}
          </ul>
          <LoadMore query={query} />
        </div>
      )}
      <RejectDialog group={group} request={rejecting} onClose={() => setRejecting(null)} />
    </ListState>
  )
}

function PendingRequest({
  group,
  request,
  onReject,
}: {
  group: Group
  request: JoinRequest
  onReject: () => void
}) {
  const { t } = useTranslation('groups')
  const toast = useToast()
  const approve = useApproveRequest(group.id)
  const roles = approvableRoles(group.membership?.role ?? null)
  const [role, setRole] = useState<ApprovedRole>('member')
  const roleId = useId()
  const name = personName(request.user)

  return (
    <li
      aria-label={name}
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs md:grid-cols-[minmax(0,1fr)_auto] md:items-start"
    >
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <PersonLine person={request.user} />
          <span className="text-xs text-muted-foreground">
            {t('requests.asked', { date: formatDateTime(request.createdAt) })}
          </span>
        </div>
        {request.message ? (
          <blockquote className="border-s-2 ps-3 text-sm wrap-anywhere whitespace-pre-line">
            {request.message}
          </blockquote>
        ) : (
          <p className="text-sm text-muted-foreground italic">{t('requests.noMessage')}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 md:justify-end">
        {roles.length > 1 && (
          <>
            <label htmlFor={roleId} className="sr-only">
              {t('requests.roleFor', { name })}
            </label>
            <div className="w-36">
              <Select
                id={roleId}
                size="sm"
                value={role}
                onChange={(event) => setRole(event.target.value as ApprovedRole)}
              >
                {roles.map((option) => (
                  <option key={option} value={option}>
                    {t(`requests.as.${option}`)}
                  </option>
                ))}
              </Select>
            </div>
          </>
        )}
        <Button
          size="sm"
          aria-label={t('requests.approveFor', { name })}
          loading={approve.isPending}
          onClick={() =>
            // The row goes once the lists refetch: a promise outlives it (mutate's callbacks
            // would not).
            approve.mutateAsync({ requestId: request.id, role }).then(
              () => void toast.success(t('requests.approved', { name, role: t(`roles.${role}`) })),
              (error: unknown) => void toast.error(errorMessage(error)),
            )
          }
        >
          <Check aria-hidden="true" />
          {t('requests.approve')}
        </Button>
        <Button
          size="sm"
          variant="destructive-outline"
          aria-label={t('requests.rejectFor', { name })}
          onClick={onReject}
        >
          <X aria-hidden="true" />
          {t('requests.reject')}
        </Button>
      </div>
    </li>
  )
}

/** Rejecting with an optional reason, which stays in the history. */
function RejectDialog({
  group,
  request,
  onClose,
}: {
  group: Group
  request: JoinRequest | null
  onClose: () => void
}) {
  const { t } = useTranslation('groups')
  return (
    <Modal
      open={request !== null}
      onClose={onClose}
      title={t('requests.rejectTitle', { name: request ? personName(request.user) : '' })}
      description={t('requests.rejectDescription')}
    >
      {request && <RejectForm group={group} request={request} onDone={onClose} />}
    </Modal>
  )
}

function RejectForm({
  group,
  request,
  onDone,
}: {
  group: Group
  request: JoinRequest
  onDone: () => void
}) {
  const { t } = useTranslation('groups')
  const toast = useToast()
  const reject = useRejectRequest(group.id)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (reject.isPending) return
    if (charCount(reason) > REJECT_REASON_MAX) {
      setError(t('requests.reasonTooLong', { max: REJECT_REASON_MAX }))
      return
    }
    reject.mutate(
      { requestId: request.id, reason },
      {
        onSuccess: () => {
          toast.success(t('requests.rejected', { name: personName(request.user) }))
          onDone()
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field
        label={t('requests.reason')}
        hint={t('requests.reasonHint')}
        error={error ?? undefined}
        aside={<LengthCounter value={reason} max={REJECT_REASON_MAX} />}
      >
        {(control) => (
          <Textarea
            {...control}
            className="min-h-24"
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value)
              setError(null)
            }}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 md:flex-row md:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" variant="destructive" loading={reject.isPending}>
          {t('requests.rejectSubmit')}
        </Button>
      </div>
    </form>
  )
}

const STATUS_TONES = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'neutral',
} as const

/** Every request and its outcome: who asked, when, what was decided, by when and why. */
export function RequestHistory({ group }: { group: Group }) {
  const { t } = useTranslation('groups')
  const history = useRequests(group.id, 'all')
  const requests = loadedRequests(history.data?.pages)
  return (
    <ListState query={history}>
      {requests.length === 0 ? (
        <EmptyState>{t('requests.historyEmpty')}</EmptyState>
      ) : (
        <div className="grid gap-4">
          <ul
            aria-label={t('requests.historyLabel')}
            className="divide-y rounded-xl border bg-card shadow-xs"
          >
            {requests.map((request) => (
              <li
                key={request.id}
                aria-label={personName(request.user)}
                className="grid gap-2 px-4 py-3"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <PersonLine person={request.user} />
                  <Badge tone={STATUS_TONES[request.status]}>
                    {request.status === 'approved' && request.grantedRole
                      ? t('requests.status.approvedAs', {
                          role: t(`roles.${request.grantedRole}`),
                        })
                      : t(`requests.status.${request.status}`)}
                  </Badge>
                </div>
                {request.message && (
                  <p className="text-sm wrap-anywhere whitespace-pre-line">{request.message}</p>
                )}
                {request.reason && (
                  <p className="text-sm wrap-anywhere text-muted-foreground">
                    {t('requests.reasonGiven', { reason: request.reason })}
                  </p>
                )}
                <p className="text-xs text-muted-foreground">
                  {t('requests.asked', { date: formatDateTime(request.createdAt) })}
                  {request.decidedAt &&
                    ` · ${t('requests.decided', { date: formatDateTime(request.decidedAt) })}`}
                </p>
              </li>
            ))}
          </ul>
          <LoadMore query={history} />
        </div>
      )}
    </ListState>
  )
}
